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
-- marks), appended so that concurrent writers never wait on a mark. Arguments: the source, its time columns, the
-- other columns its figures read (an update marks the old and new days of the rows where one of them changed) and a
-- condition on a row `r` (rows that count at all). The worker's StatsRollup maps a source to its daily types
-- (stats-sql.ts STATS_SOURCES), rolls the marked days and deletes the marks.
CREATE FUNCTION stats_mark_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  times text[] := string_to_array(TG_ARGV[1], ',');
  watched text[] := times || string_to_array(TG_ARGV[2], ',');
  cond text := TG_ARGV[3];
  changed text;
  parts text[] := '{}';
  col text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT string_agg(format('o.%1$I IS DISTINCT FROM n.%1$I', c), ' OR ') INTO changed FROM unnest(watched) c;
  END IF;
  FOREACH col IN ARRAY times LOOP
    IF TG_OP = 'INSERT' THEN
      parts := parts || format('SELECT (r.%1$I AT TIME ZONE ''UTC'')::date FROM stats_new r WHERE r.%1$I IS NOT NULL AND (%2$s)', col, cond);
    ELSIF TG_OP = 'DELETE' THEN
      parts := parts || format('SELECT (r.%1$I AT TIME ZONE ''UTC'')::date FROM stats_old r WHERE r.%1$I IS NOT NULL AND (%2$s)', col, cond);
    ELSE
      parts := parts || format(
        'SELECT (r.%1$I AT TIME ZONE ''UTC'')::date FROM (SELECT o.* FROM stats_old o JOIN stats_new n ON n.id = o.id WHERE %3$s) r WHERE r.%1$I IS NOT NULL AND (%2$s)',
        col, cond, changed);
      parts := parts || format(
        'SELECT (r.%1$I AT TIME ZONE ''UTC'')::date FROM (SELECT n.* FROM stats_old o JOIN stats_new n ON n.id = o.id WHERE %3$s) r WHERE r.%1$I IS NOT NULL AND (%2$s)',
        col, cond, changed);
    END IF;
  END LOOP;
  EXECUTE format('INSERT INTO stats_dirty (source, day) SELECT DISTINCT %L, d FROM (%s) x(d)', TG_ARGV[0], array_to_string(parts, ' UNION ALL '));
  RETURN NULL;
END $$;

DO $$
DECLARE
  s record;
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
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS stats_new FOR EACH STATEMENT EXECUTE FUNCTION stats_mark_dirty(%L, %L, %L, %L)',
      'stats_dirty_' || s.tbl || '_ins', s.tbl, s.tbl, s.times, s.watched, s.cond);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS stats_old NEW TABLE AS stats_new FOR EACH STATEMENT EXECUTE FUNCTION stats_mark_dirty(%L, %L, %L, %L)',
      'stats_dirty_' || s.tbl || '_upd', s.tbl, s.tbl, s.times, s.watched, s.cond);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS stats_old FOR EACH STATEMENT EXECUTE FUNCTION stats_mark_dirty(%L, %L, %L, %L)',
      'stats_dirty_' || s.tbl || '_del', s.tbl, s.tbl, s.times, s.watched, s.cond);
  END LOOP;
END $$;
