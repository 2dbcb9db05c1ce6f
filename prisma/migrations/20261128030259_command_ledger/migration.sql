-- AlterTable
ALTER TABLE "ftp_server" ADD COLUMN     "download_password" VARCHAR(200),
ADD COLUMN     "download_username" VARCHAR(100);

-- AlterTable
ALTER TABLE "sms_campaign" ADD COLUMN     "refused" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "sms_message" ADD COLUMN     "answered_at" TIMESTAMPTZ(3),
ADD COLUMN     "event_code" VARCHAR(40),
ADD COLUMN     "expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "kind" VARCHAR(20),
ADD COLUMN     "retry_of" BIGINT,
ADD COLUMN     "secret_ref" VARCHAR(60);

-- CreateTable
CREATE TABLE "command_refusal" (
    "id" BIGSERIAL NOT NULL,
    "batch_kind" VARCHAR(20) NOT NULL,
    "batch_id" VARCHAR(36) NOT NULL,
    "device_id" INTEGER,
    "named_as" VARCHAR(50),
    "reason_code" VARCHAR(50) NOT NULL,
    "reason_params" JSONB,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "command_refusal_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "command_refusal_batch_kind_batch_id_id_idx" ON "command_refusal"("batch_kind", "batch_id", "id");

-- CreateIndex
CREATE INDEX "sms_message_unsent_expires_idx" ON "sms_message"("expires_at") WHERE (status = 0);

-- CreateIndex
CREATE INDEX "sms_message_device_alarm_idx" ON "sms_message"("device_id", "created") WHERE (event_code IS NOT NULL);

-- The command ledger's data (docs/sms.md "The command ledger"). Commands stored before: a time to live from their
-- creation (six hours, the ordinary class's), so an old unsent one is expired by the sweep instead of going out late.
UPDATE "sms_message" SET "expires_at" = "created" + interval '6 hours' WHERE "direction" = 'OUTBOUND' AND "expires_at" IS NULL;

-- A command with a reply was answered when its first reply came.
UPDATE "sms_message" o SET "answered_at" = r.first
FROM (SELECT "reply_to", min("created") AS first FROM "sms_message" WHERE "reply_to" IS NOT NULL GROUP BY "reply_to") r
WHERE o."id" = r."reply_to" AND o."answered_at" IS NULL;

-- What each stored watch message is: a reply (it names its command), or unprompted (alarms and events by the watch
-- grammar's words, other text a message).
UPDATE "sms_message" SET "kind" = CASE
    WHEN "reply_to" IS NOT NULL THEN 'reply'
    WHEN "message" ~ '^\s*(SOS[: ]ALARM|FALL[: ]ALARM|BAND[: ]REMOVED|TEMP[: ]ALARM)' THEN 'alarm'
    WHEN "message" ~ '^\s*(BATTERY[: ]LOW|POWER[: ]ON|POWER[: ]OFF)' THEN 'event'
    WHEN "message" ~ '^\s*([A-Z][A-Z0-9_?]*:|ERR[:,])' THEN 'unmatched'
    ELSE 'message' END,
  "event_code" = CASE
    WHEN "reply_to" IS NOT NULL THEN NULL
    WHEN "message" ~ '^\s*SOS[: ]ALARM' THEN 'sos'
    WHEN "message" ~ '^\s*FALL[: ]ALARM' THEN 'fall'
    WHEN "message" ~ '^\s*BAND[: ]REMOVED' THEN 'band_removed'
    WHEN "message" ~ '^\s*TEMP[: ]ALARM' THEN 'temperature'
    WHEN "message" ~ '^\s*BATTERY[: ]LOW' THEN 'battery_low'
    WHEN "message" ~ '^\s*POWER[: ]ON' THEN 'power_on'
    WHEN "message" ~ '^\s*POWER[: ]OFF' THEN 'power_off' END
WHERE "direction" = 'INBOUND' AND "kind" IS NULL;

-- The FTP login travelled in clear in the FOTA text: every stored FOTA command gets its password masked (the
-- gateway has had it; nobody needs to read it again). Its binary's server is what a resend would fill it in from.
UPDATE "sms_message" m SET "message" = regexp_replace(m."message", '^(FOTA,[^,]*,[^,]*,[^,]*,[^,]*,)[^,]*(,)', '\1******\2'),
  "secret_ref" = (SELECT 'ftp_download:' || b."ftp_server_id" FROM "firmware_upload_request" r JOIN "firmware_binary" b ON b."id" = r."fup_upload_id"
                  WHERE r."id" = substring(m."command_key" FROM 6)::int AND b."ftp_server_id" IS NOT NULL)
WHERE m."command_key" ~ '^FOTA_[0-9]{1,9}$' AND m."message" LIKE 'FOTA,%';
