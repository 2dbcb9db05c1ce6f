-- Hand-written: the daily statistic active_devices counts the devices with a communication on the day
-- (device_communication, as the daily report's devices_active), no longer the devices by the day they were last seen
-- (device.last_seen_at keeps only the latest day, so a device active all month counted once). The statement triggers
-- of migration stats_events are made for device_communication (time; device_id), and device's are made again
-- without last_seen_at (only created counts now). Same generator as stats_events.
DROP FUNCTION stats_dirty_device_ins() CASCADE;
DROP FUNCTION stats_dirty_device_upd() CASCADE;
DROP FUNCTION stats_dirty_device_del() CASCADE;

DO $$
DECLARE
  s record;
  days text;
  changed text;
  side text;
  fn text;
BEGIN
  FOR s IN SELECT * FROM (VALUES
    ('device', 'created', 'owner_id', 'true'),
    ('device_communication', 'time', 'device_id', 'true')
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

-- The rollup's active_devices rows were counted the old way: the type's state goes, so the worker's next roll
-- backfills it (STATS_BACKFILL_DAYS) as for a new type.
DELETE FROM stats_rollup_state WHERE type = 'active_devices';
