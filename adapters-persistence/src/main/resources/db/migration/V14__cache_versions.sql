-- Version counters of the per-instance read caches (verification access, payment catalogue). A statement-level
-- trigger on each cached table bumps its counter in the writing transaction; every replica reads the counters a
-- few times a second and drops a cache whose counter moved (io.mizani.adapter.persistence.common.CacheVersions).
CREATE TABLE cache_versions (
    name     text   PRIMARY KEY,
    version  bigint NOT NULL DEFAULT 0
);

INSERT INTO cache_versions (name) VALUES ('verification_access'), ('payment_catalogue');

CREATE FUNCTION bump_cache_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE cache_versions SET version = version + 1 WHERE name = TG_ARGV[0];
    RETURN NULL;
END
$$;

-- verification access: the operator's switch, deletion, and the merchant's settings
CREATE TRIGGER accounts_verification_access_version
    AFTER DELETE OR UPDATE OF identity_checks_available, deleted_at ON accounts
    FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('verification_access');
CREATE TRIGGER verification_settings_version
    AFTER INSERT OR UPDATE OR DELETE ON verification_settings
    FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('verification_access');

-- payment catalogue: countries, providers, networks (fees, limits, status) and the providers assigned to accounts
CREATE TRIGGER payment_countries_version
    AFTER INSERT OR UPDATE OR DELETE ON payment_countries
    FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('payment_catalogue');
CREATE TRIGGER payment_providers_version
    AFTER INSERT OR UPDATE OR DELETE ON payment_providers
    FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('payment_catalogue');
CREATE TRIGGER payment_networks_version
    AFTER INSERT OR UPDATE OR DELETE ON payment_networks
    FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('payment_catalogue');
CREATE TRIGGER account_payment_providers_version
    AFTER INSERT OR UPDATE OR DELETE ON account_payment_providers
    FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('payment_catalogue');
