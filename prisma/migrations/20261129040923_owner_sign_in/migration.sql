-- CreateTable
CREATE TABLE "owner_sign_in" (
    "id" BIGSERIAL NOT NULL,
    "owner_id" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "owner_sign_in_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "owner_sign_in_at_idx" ON "owner_sign_in"("at");

-- CreateIndex
CREATE INDEX "owner_sign_in_owner_id_idx" ON "owner_sign_in"("owner_id");

-- AddForeignKey
ALTER TABLE "owner_sign_in" ADD CONSTRAINT "owner_sign_in_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "owner"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: every sign-in of an owner as a row that never changes (the statistic active_users counted owners by
-- the day of their latest sign-in, owner.last_login_at, so a past day lost an owner when it signed in again). The
-- app's sign-ins reach us only as that column: statement triggers on owner append a sign-in whenever a row is
-- inserted with it or an update changes it (an update that does not touch it appends nothing).
CREATE FUNCTION owner_sign_in_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO owner_sign_in (owner_id, at) SELECT n.id, n.last_login_at FROM owner_new n WHERE n.last_login_at IS NOT NULL;
  RETURN NULL;
END $$;
CREATE TRIGGER owner_sign_in_ins AFTER INSERT ON owner REFERENCING NEW TABLE AS owner_new
  FOR EACH STATEMENT EXECUTE FUNCTION owner_sign_in_ins();

CREATE FUNCTION owner_sign_in_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO owner_sign_in (owner_id, at)
  SELECT n.id, n.last_login_at FROM owner_old o JOIN owner_new n ON n.id = o.id
   WHERE n.last_login_at IS NOT NULL AND n.last_login_at IS DISTINCT FROM o.last_login_at;
  RETURN NULL;
END $$;
CREATE TRIGGER owner_sign_in_upd AFTER UPDATE ON owner REFERENCING OLD TABLE AS owner_old NEW TABLE AS owner_new
  FOR EACH STATEMENT EXECUTE FUNCTION owner_sign_in_upd();

-- What is known of the past: each owner's latest sign-in.
INSERT INTO owner_sign_in (owner_id, at) SELECT id, last_login_at FROM owner WHERE last_login_at IS NOT NULL;

-- The statistics marks (stats_dirty) of the new source, same generator as migration stats_events.
DO $$
DECLARE
  s record;
  days text;
  changed text;
  side text;
  fn text;
BEGIN
  FOR s IN SELECT * FROM (VALUES
    ('owner_sign_in', 'at', 'owner_id', 'true')
  ) v(tbl, times, watched, cond) LOOP
    SELECT string_agg(format('o.%1$I IS DISTINCT FROM n.%1$I', c), ' OR ')
      INTO changed FROM unnest(string_to_array(s.times || ',' || s.watched, ',')) c;
    FOREACH side IN ARRAY ARRAY['ins', 'upd', 'del'] LOOP
      SELECT string_agg(format('SELECT (r.%1$I AT TIME ZONE ''UTC'')::date FROM %2$s r WHERE r.%1$I IS NOT NULL AND (%3$s)', c, rel, s.cond), ' UNION ALL ')
        INTO days
        FROM unnest(string_to_array(s.times, ',')) c,
             unnest(CASE side
               WHEN 'ins' THEN ARRAY['stats_new']
               WHEN 'del' THEN ARRAY['stats_old']
               ELSE ARRAY[format('(SELECT o.* FROM stats_old o JOIN stats_new n ON n.id = o.id WHERE %s)', changed),
                          format('(SELECT n.* FROM stats_old o JOIN stats_new n ON n.id = o.id WHERE %s)', changed)] END) rel;
      fn := format('stats_dirty_%s_%s', s.tbl, side);
      EXECUTE format('CREATE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS %L', fn,
        format('BEGIN INSERT INTO stats_dirty (source, day) SELECT DISTINCT %L, d FROM (%s) x(d); RETURN NULL; END', s.tbl, days));
      EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION %I()',
        fn, CASE side WHEN 'ins' THEN 'INSERT' WHEN 'upd' THEN 'UPDATE' ELSE 'DELETE' END, s.tbl,
        CASE side WHEN 'ins' THEN 'NEW TABLE AS stats_new' WHEN 'upd' THEN 'OLD TABLE AS stats_old NEW TABLE AS stats_new' ELSE 'OLD TABLE AS stats_old' END,
        fn);
    END LOOP;
  END LOOP;
END $$;

-- active_users was counted the old way: its state goes, so the worker's next roll backfills it from the sign-ins.
DELETE FROM stats_rollup_state WHERE type = 'active_users';
