-- DropIndex
DROP INDEX "owner_first_name_idx";

-- DropIndex
DROP INDEX "owner_last_name_idx";

-- CreateTable
CREATE TABLE "owner_name" (
    "name" VARCHAR(50) NOT NULL,

    CONSTRAINT "owner_name_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "owner_name_trgm_idx" ON "owner_name" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "owner_last_first_id_idx" ON "owner"("last_name", "first_name", "id");

-- CreateIndex
CREATE INDEX "owner_first_last_id_idx" ON "owner"("first_name", "last_name", "id");

-- Hand-written: owner_name holds every first and last name of the owners. Statement-level triggers with transition
-- tables (one INSERT per statement, so a COPY of 500k owners adds its names in one pass); names no owner holds any
-- more stay (a search then finds no owner for them, which is correct, only slightly slower).
CREATE FUNCTION owner_name_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO owner_name (name)
  SELECT n FROM (SELECT first_name AS n FROM owner_name_new UNION SELECT last_name FROM owner_name_new) names
   WHERE n IS NOT NULL
  ON CONFLICT (name) DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER owner_name_on_insert AFTER INSERT ON "owner"
  REFERENCING NEW TABLE AS owner_name_new FOR EACH STATEMENT EXECUTE FUNCTION owner_name_track();
CREATE TRIGGER owner_name_on_update AFTER UPDATE ON "owner"
  REFERENCING NEW TABLE AS owner_name_new FOR EACH STATEMENT EXECUTE FUNCTION owner_name_track();

INSERT INTO owner_name (name)
SELECT n FROM (SELECT first_name AS n FROM "owner" UNION SELECT last_name FROM "owner") names WHERE n IS NOT NULL;
