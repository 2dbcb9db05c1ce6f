-- DropIndex
DROP INDEX "owner_email_trgm_idx";

-- CreateTable
CREATE TABLE "owner_email_gram" (
    "gram" VARCHAR(3) NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "owner_id" INTEGER NOT NULL
);

-- Hand-written: owner_email_gram holds each distinct trigram (three characters, lower case) of every owner's e-mail,
-- with the e-mail as stored and the owner: an e-mail part reads its rarest trigram's entries in e-mail order and
-- stops after a page (docs/architecture.md, dashboard search). Filled before its index is built (one sorted build).
CREATE FUNCTION owner_email_grams(email text) RETURNS SETOF text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT DISTINCT substr(lower(email), i, 3) FROM generate_series(1, char_length(email) - 2) i
$$;

INSERT INTO owner_email_gram (gram, email, owner_id)
SELECT g, o.email, o.id FROM "owner" o CROSS JOIN LATERAL owner_email_grams(o.email) g;

-- CreateIndex
CREATE UNIQUE INDEX "owner_email_gram_key" ON "owner_email_gram"("gram", "email", "owner_id");

-- Hand-written: statement-level triggers with transition tables keep it in step with owner (one INSERT per statement
-- on owner, so a COPY of 500k owners adds its trigrams in one pass). An update touches only the owners whose e-mail
-- changed: the pairs (id, email) in one transition table and not in the other. TRUNCATE of owner empties it.
CREATE FUNCTION owner_email_gram_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO owner_email_gram (gram, email, owner_id)
  SELECT g, n.email, n.id FROM owner_email_gram_new n CROSS JOIN LATERAL owner_email_grams(n.email) g
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE FUNCTION owner_email_gram_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM owner_email_gram e
   USING owner_email_gram_old x CROSS JOIN LATERAL owner_email_grams(x.email) g
   WHERE e.gram = g AND e.email = x.email AND e.owner_id = x.id;
  RETURN NULL;
END $$;

CREATE FUNCTION owner_email_gram_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM owner_email_gram e
   USING (SELECT id, email FROM owner_email_gram_old EXCEPT SELECT id, email FROM owner_email_gram_new) x
         CROSS JOIN LATERAL owner_email_grams(x.email) g
   WHERE e.gram = g AND e.email = x.email AND e.owner_id = x.id;
  INSERT INTO owner_email_gram (gram, email, owner_id)
  SELECT g, x.email, x.id
    FROM (SELECT id, email FROM owner_email_gram_new EXCEPT SELECT id, email FROM owner_email_gram_old) x
         CROSS JOIN LATERAL owner_email_grams(x.email) g
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- DELETE, not TRUNCATE: a TRUNCATE naming both tables (the seed's reset) may not truncate one of them again here
CREATE FUNCTION owner_email_gram_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM owner_email_gram;
  RETURN NULL;
END $$;

CREATE TRIGGER owner_email_gram_on_insert AFTER INSERT ON "owner"
  REFERENCING NEW TABLE AS owner_email_gram_new FOR EACH STATEMENT EXECUTE FUNCTION owner_email_gram_add();
CREATE TRIGGER owner_email_gram_on_update AFTER UPDATE ON "owner"
  REFERENCING OLD TABLE AS owner_email_gram_old NEW TABLE AS owner_email_gram_new
  FOR EACH STATEMENT EXECUTE FUNCTION owner_email_gram_change();
CREATE TRIGGER owner_email_gram_on_delete AFTER DELETE ON "owner"
  REFERENCING OLD TABLE AS owner_email_gram_old FOR EACH STATEMENT EXECUTE FUNCTION owner_email_gram_remove();
CREATE TRIGGER owner_email_gram_on_truncate AFTER TRUNCATE ON "owner"
  FOR EACH STATEMENT EXECUTE FUNCTION owner_email_gram_clear();
