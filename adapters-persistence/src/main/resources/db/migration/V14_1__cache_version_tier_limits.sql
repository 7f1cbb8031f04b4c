-- The Team tier limits, read by every payment acceptance, are cached per instance like the catalogue (V14).
INSERT INTO cache_versions (name) VALUES ('tier_limits');
CREATE TRIGGER tier_limits_version
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tier_limits
    FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('tier_limits');
