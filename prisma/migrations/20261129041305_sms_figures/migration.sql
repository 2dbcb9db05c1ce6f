-- AlterTable
ALTER TABLE "sms_statistic" ADD COLUMN     "replies" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "sms_statistic_delta" ADD COLUMN     "replies" INTEGER NOT NULL DEFAULT 0;

-- Hand-written: `received` counted the devices' messages (INBOUND) and the delivered ones (OUTBOUND status 2) as one
-- figure; it is now the delivered ones only and `replies` the INBOUND ones (contract SMS_FIGURES). The deltas not
-- yet folded are folded first (as the SMS sweep's FOLD_STATS_SQL), then each day's INBOUND messages move from
-- received to replies.
WITH d AS (DELETE FROM sms_statistic_delta RETURNING day, created, sent, errors, received)
INSERT INTO sms_statistic (day, created, sent, errors, received, updated_at)
SELECT day, sum(created), sum(sent), sum(errors), sum(received), now() FROM d GROUP BY day
ON CONFLICT (day) DO UPDATE SET created = sms_statistic.created + EXCLUDED.created, sent = sms_statistic.sent + EXCLUDED.sent,
  errors = sms_statistic.errors + EXCLUDED.errors, received = sms_statistic.received + EXCLUDED.received, updated_at = now();

UPDATE sms_statistic s SET replies = x.n, received = greatest(s.received - x.n, 0), updated_at = now()
  FROM (SELECT (created AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM sms_message WHERE direction = 'INBOUND' GROUP BY 1) x
 WHERE s.day = x.day;
