-- CreateTable
CREATE TABLE "stats_dirty" (
    "id" BIGSERIAL NOT NULL,
    "source" VARCHAR(40) NOT NULL,
    "day" DATE NOT NULL,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stats_dirty_pkey" PRIMARY KEY ("id")
);

-- Hand-written: statement-level triggers (transition tables stats_new / stats_old) mark the UTC days whose daily
-- statistics a write changed: one INSERT of the distinct days per statement (a COPY of a million rows adds a few
-- marks), appended so that concurrent writers never wait on a mark. Each table gets its own trigger functions with
-- static SQL (PL/pgSQL prepares it once per session), generated here from: the source, its time columns, the other
-- columns its figures read (an update marks the old and new days of the rows where one of them changed) and a
-- condition on a row `r` (rows that count at all). The worker's StatsRollup maps a source to its daily types
-- (stats-sql.ts STATS_SOURCES), rolls the marked days and deletes the marks.
DO $$
DECLARE
  s record;
  days text;
  changed text;
  side text;
  fn text;
BEGIN
  FOR s IN SELECT * FROM (VALUES
    ('owner', 'created,last_login_at', 'white_label_vendor_id', 'true'),
    ('device', 'created,last_seen_at', 'owner_id', 'true'),
    ('audit_event', 'created', 'status,device_id', 'r.status = 5'),
    ('sms_message', 'created', 'direction,status,device_id', 'true'),
    ('voice_message', 'created', 'to_device,duration_seconds,user_id', 'true'),
    ('location', 'time', 'reason,source,is_valid,device_id', 'true'),
    ('contact', 'created', 'user_id', 'true'),
    ('owner_guest', 'created,accepted_at', 'owner_id', 'true'),
    ('safe_zone', 'created', 'user_id', 'true'),
    ('safe_zone_log', 'time', 'type,device_id', 'true'),
    ('notification', 'created', 'platform,error_code,user_id', 'true'),
    ('app_log', 'created', 'user_id', 'true')
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
