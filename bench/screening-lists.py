#!/usr/bin/env python3
"""Synthetic screening lists for bench/screening-lookback.sh (CSV: entry_id,type,name,aliases,birth_year,countries).

  screening-lists.py v1 N        N entries, names from pools that share no token with bench/beneficiary-seed.sql,
                                 plus 5 that are seeded beneficiaries' first + last names
  screening-lists.py v2 N        the same N, then 250 of them changed (alias, birth year or country) and 250 added,
                                 10 of those added being seeded first + last names
Deterministic (fixed seed): the two versions differ by exactly those 500 entries.
"""
import csv
import random
import sys

FIRST = """Abdelkader Abdullah Adnan Ahmad Akbar Aleksandr Alejandro Ali Amir Anatoly Andrei Anwar Arkady Armando
Ayman Aziz Bashir Bilal Boris Carlos Daniel Dmitri Eduardo Emilio Fadi Farid Fernando Gennady Hamid Hamza Hector
Hussein Igor Ilyas Ismail Ivan Jamal Javier Jorge Kamal Karim Khalid Kirill Leonid Luis Mahmoud Majid Malik Mansour
Marwan Maxim Mikhail Mohammed Mustafa Nasser Nikolai Omar Oleg Osama Pavel Rafael Rahim Ramon Rashid Reza Ricardo
Rustam Saeed Salim Samir Sergei Sharif Tariq Timur Usman Vadim Viktor Vladimir Walid Yasin Yousef Yuri Zaid Zakaria
Aisha Alina Farah Fatima Galina Irina Khadija Layla Maryam Natalia Olga Rania Salma Svetlana Tatiana Yasmin Zainab
Chen Wei Li Ming Jong Kim Hyun Sung Thanh Nguyen""".split()
MIDDLE = """bin ibn al Abdul Said Ahmed Hassanovich Petrovich Ivanovich Ali Reza Jose Maria Min Chol Van""".split()
LAST = """Abbas Abdelrahman Aboud Akhtar Alawi Amini Antonov Arslan Azizi Bakri Barzani Bashir Belov Darwish Dossari
Farouk Fedorov Gaddafi Ghani Haddad Hakimi Hamdan Haqqani Harb Hashemi Hijazi Husseini Ismailov Jaber Jalali Karimov
Kassem Kazemi Khalil Khoury Kiselev Kovalenko Kozlov Kuznetsov Lebedev Mansouri Masri Medina Mirza Morozov Mousavi
Nasrallah Naqvi Novikov Orlov Pavlov Petrov Popov Qasim Qureshi Rahmani Rashidi Romanov Sabri Sadeghi Saleh Samadi
Shahid Shakir Sokolov Soleimani Sultani Tahir Tehrani Usmani Vasquez Volkov Yakovlev Yousefi Zaheer Zaidi Zamani
Zubair Castillo Herrera Morales Ortega Rojas Salazar Guzman Mendoza Paredes Park Choi Tran Pham Zhang Wang Liu""".split()
ORG_WORDS = """Global Eastern Northern Golden Crescent Falcon Horizon Orient Pacific Atlas Phoenix Caspian Sahara Delta
Meridian Summit Vertex Zenith Unity Liberty Pioneer Capital Maritime Continental Royal Silver Emerald""".split()
ORG_KINDS = """Trading Shipping Petroleum Logistics Holdings Exchange Industries Investments Construction Import Export
Navigation Minerals Aviation Finance""".split()
ORG_SUFFIX = ["LLC", "Ltd", "Company", "FZE", "Group", "SA", "Corporation", "JSC"]
COUNTRIES = "AF IQ IR SY YE LY SO SD KP RU BY VE CU MM LB PK AE TR CN ML".split()
# first and last names of bench/beneficiary-seed.sql: list entries with these name seeded beneficiaries
SEED_FIRST = """Amina Baraka Chidi Dalia Emeka Fatuma Gift Halima Ifeoma Jabari Kwame Lulu Makena Nia Obinna Panya Rehema
Sefu Tendai Uzoma Wanjiru Yaw Zuri Abena Bola Chiamaka Dayo Esi Folake Gatete Hassan Imani Juma Kofi Lerato Musa
Nkechi Otieno Precious Sipho""".split()
SEED_LAST = """Achieng Banda Chukwu Diallo Eze Fofana Gitau Hamisi Ibrahim Juma Kamau Lungu Mensah Ndlovu Okafor Phiri
Quaye Rotich Sithole Traore Uche Vilakazi Wanjala Yeboah Zulu Asante Boateng Cisse Dlamini Essien Gakuru Kariuki Mwangi
Njoroge Odhiambo Owusu Adeyemi Balogun Kimani Mutua""".split()


def translit(name):
    for a, b in (("ou", "u"), ("y", "i"), ("kh", "h"), ("ei", "ey"), ("ov", "off"), ("mm", "m")):
        if a in name.lower():
            return name.replace(a, b).replace(a.capitalize(), b.capitalize())
    return None


def person(rng):
    first, last = rng.choice(FIRST), rng.choice(LAST)
    parts = [first] + ([rng.choice(MIDDLE)] if rng.random() < 0.4 else []) + [last]
    name = " ".join(parts)
    aliases = []
    if rng.random() < 0.3:
        aliases.append(f"{last} {first}")
        t = translit(name)
        if t and t != name and rng.random() < 0.6:
            aliases.append(t)
    year = str(rng.randint(1940, 2000)) if rng.random() < 0.6 else ""
    return "person", name, aliases, year


def organization(rng):
    name = f"{rng.choice(ORG_WORDS)} {rng.choice(ORG_WORDS)} {rng.choice(ORG_KINDS)} {rng.choice(ORG_SUFFIX)}"
    aliases = [name.rsplit(" ", 1)[0]] if rng.random() < 0.3 else []
    return "organization", name, aliases, ""


def entry(rng, entry_id):
    kind, name, aliases, year = person(rng) if rng.random() < 0.85 else organization(rng)
    countries = rng.sample(COUNTRIES, rng.choice([1, 1, 1, 2, 3]))
    return [entry_id, kind, name, ";".join(aliases), year, ";".join(countries)]


def seeded(rng, entry_id):
    name = f"{rng.choice(SEED_FIRST)} {rng.choice(SEED_LAST)}"
    return [entry_id, "person", name, "", "", rng.choice(["KE", "NG", "GH", "SO"])]


def main():
    version, n = sys.argv[1], int(sys.argv[2])
    rng = random.Random(20)
    rows = [entry(rng, f"B-{i:06d}") for i in range(n - 5)]
    rows += [seeded(rng, f"S-{i:03d}") for i in range(5)]
    if version == "v2":
        rng2 = random.Random(21)
        for r in rng2.sample(rows[:-5], 248) + rows[-2:]:  # 250 changed, two of them seeded names already listed
            what = rng2.choice(["alias", "year", "country"])
            if what == "alias" or r[0].startswith("S-"):
                r[3] = ";".join(filter(None, [r[3], translit(r[2]) or r[2].upper()]))
            elif what == "year":
                r[4] = str(rng2.choice([y for y in range(1940, 2001) if str(y) != r[4]]))
            else:
                r[5] = ";".join(r[5].split(";") + [rng2.choice([c for c in COUNTRIES if c not in r[5]])])
        rows += [entry(rng2, f"N-{i:06d}") for i in range(240)]
        rows += [seeded(rng2, f"NS-{i:03d}") for i in range(10)]
    w = csv.writer(sys.stdout, lineterminator="\r\n")
    w.writerow(["entry_id", "type", "name", "aliases", "birth_year", "countries"])
    w.writerows(rows)


main()
