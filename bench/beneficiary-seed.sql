-- Bulk beneficiaries for one account: psql -v account_id=N -v n=100000 -f bench/beneficiary-seed.sql
-- Realistic spread: 40 first names x 40 last names, unique emails/phones/references, ~30% full, ~90% active,
-- created over the last 365 days.
INSERT INTO beneficiaries (uuid, account_id, first_name, last_name, email, phone_number, country, address,
                           date_of_birth, national_id, id_type, external_reference, customer_type, kyc_level,
                           tier_0_lifetime_usd, is_active, created_at, updated_at)
SELECT gen_random_uuid(),
       :account_id,
       (ARRAY['Amina','Baraka','Chidi','Dalia','Emeka','Fatuma','Gift','Halima','Ifeoma','Jabari','Kwame','Lulu',
              'Makena','Nia','Obinna','Panya','Rehema','Sefu','Tendai','Uzoma','Wanjiru','Yaw','Zuri','Abena',
              'Bola','Chiamaka','Dayo','Esi','Folake','Gatete','Hassan','Imani','Juma','Kofi','Lerato','Musa',
              'Nkechi','Otieno','Precious','Sipho'])[1 + (i % 40)],
       (ARRAY['Achieng','Banda','Chukwu','Diallo','Eze','Fofana','Gitau','Hamisi','Ibrahim','Juma','Kamau','Lungu',
              'Mensah','Ndlovu','Okafor','Phiri','Quaye','Rotich','Sithole','Traore','Uche','Vilakazi','Wanjala',
              'Yeboah','Zulu','Asante','Boateng','Cisse','Dlamini','Essien','Gakuru','Kariuki','Mwangi','Njoroge',
              'Odhiambo','Owusu','Adeyemi','Balogun','Kimani','Mutua'])[1 + ((i / 40) % 40)],
       'user' || i || '.' || :account_id || '@example.com',
       '+2547' || lpad((i * 7919 % 100000000)::text, 8, '0'),
       (ARRAY['KE','GH','UG','TZ','NG'])[1 + (i % 5)],
       CASE WHEN i % 10 < 3 THEN 'Plot ' || i || ', Nairobi' END,
       CASE WHEN i % 10 < 3 THEN timestamptz '1970-01-01' + (i % 15000) * interval '1 day' END,
       CASE WHEN i % 10 < 3 THEN 'ID' || :account_id || '-' || i END,
       CASE WHEN i % 10 < 3 THEN 'national_id' END,
       'crm-' || :account_id || '-' || i,
       'retail',
       CASE WHEN i % 10 < 3 THEN 'full' ELSE 'tier_0' END,
       0,
       i % 10 <> 9,
       now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second',
       now()
FROM generate_series(1, :n) AS i;
ANALYZE beneficiaries;
