-- Up Migration
-- One memory space per tenant (one user): every table is keyed by tenant first, and every query
-- of @memfiles/pg names it. Paths are memfiles' validated memory paths (e.g. topics/tools.md).
CREATE TABLE memory_files (
  tenant text NOT NULL,
  path text NOT NULL,
  content text NOT NULL,
  -- versionToken(content): first 12 hex chars of SHA-1 of the UTF-8 text, as on the file backend.
  version text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant, path)
);

-- Every replaced or deleted version (the file backend's git history, here in SQL).
CREATE TABLE memory_history (
  id bigserial PRIMARY KEY,
  tenant text NOT NULL,
  path text NOT NULL,
  content text NOT NULL,
  version text NOT NULL,
  change text NOT NULL CHECK (change IN ('update', 'delete')),
  replaced_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX memory_history_by_path ON memory_history (tenant, path, id);

CREATE FUNCTION memory_files_keep_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.content = NEW.content THEN
    RETURN NULL;
  END IF;
  INSERT INTO memory_history (tenant, path, content, version, change)
    VALUES (OLD.tenant, OLD.path, OLD.content, OLD.version, lower(TG_OP));
  RETURN NULL;
END
$$;
CREATE TRIGGER memory_files_history AFTER UPDATE OR DELETE ON memory_files
  FOR EACH ROW EXECUTE FUNCTION memory_files_keep_history();

-- The store's internal files (.memfiles/ on the file backend): tombstones, usage log, journal...
CREATE TABLE memory_internal (
  tenant text NOT NULL,
  name text NOT NULL,
  content text NOT NULL,
  PRIMARY KEY (tenant, name)
);

-- The generated index (MEMORY.md on the file backend), derived from memory_files.
CREATE TABLE memory_index (
  tenant text PRIMARY KEY,
  content text NOT NULL
);

-- Down Migration
DROP TABLE memory_index;
DROP TABLE memory_internal;
DROP TRIGGER memory_files_history ON memory_files;
DROP FUNCTION memory_files_keep_history();
DROP TABLE memory_history;
DROP TABLE memory_files;
