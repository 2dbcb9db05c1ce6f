-- DropIndex
DROP INDEX "sms_message_bulk_id_idx";

-- SMS pipeline (docs/sms.md): coded reasons instead of free text, replies, claims and retries, campaigns, callbacks.

-- AlterTable
ALTER TABLE "sms_message" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "claimed_at" TIMESTAMPTZ(3),
ADD COLUMN     "claimed_by" VARCHAR(100),
ADD COLUMN     "error_code" VARCHAR(50),
ADD COLUMN     "error_params" JSONB,
ADD COLUMN     "gateway_status" VARCHAR(20),
ADD COLUMN     "next_attempt_at" TIMESTAMPTZ(3),
ADD COLUMN     "reply_to" BIGINT;

-- a stored error sentence becomes a code (house rule "Reasons and messages"): the gateway's "<code> <text>" becomes
-- smsGatewayError {code, message}, anything else the generic code `text` that keeps it whole
UPDATE "sms_message" SET
  "error_code" = CASE WHEN "error" ~ '^[0-9]{1,9} ' THEN 'smsGatewayError' ELSE 'text' END,
  "error_params" = CASE WHEN "error" ~ '^[0-9]{1,9} '
    THEN jsonb_build_object('code', substring("error" FROM '^([0-9]+) ')::int, 'message', substring("error" FROM '^[0-9]+ (.*)$'))
    ELSE jsonb_build_object('text', "error") END
WHERE "error" IS NOT NULL;
ALTER TABLE "sms_message" DROP COLUMN "error";

-- the development gateway speaks Twilio's API (fleet-sim); url null = TWILIO_API_URL
UPDATE "sms_gateway" SET "provider" = 'twilio', "url" = NULL WHERE "provider" = 'loopback';
UPDATE "sms_gateway" SET "url" = NULL WHERE "url" = 'https://api.twilio.com';

-- CreateTable
CREATE TABLE "sms_campaign" (
    "bulk_id" VARCHAR(36) NOT NULL,
    "command_key" VARCHAR(50) NOT NULL,
    "message" TEXT NOT NULL,
    "device_type_id" INTEGER NOT NULL,
    "created_by" INTEGER,
    "total" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "sms_campaign_pkey" PRIMARY KEY ("bulk_id")
);

-- CreateTable
CREATE TABLE "sms_callback" (
    "sid" VARCHAR(64) NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "error_code" INTEGER,
    "received" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sms_callback_pkey" PRIMARY KEY ("sid","status")
);

-- CreateIndex
CREATE INDEX "sms_campaign_created_at_idx" ON "sms_campaign"("created_at");

-- CreateIndex
CREATE INDEX "sms_message_bulk_id_status_idx" ON "sms_message"("bulk_id", "status");

-- CreateIndex
CREATE INDEX "sms_message_reply_to_idx" ON "sms_message"("reply_to");

-- CreateIndex
CREATE INDEX "sms_message_claimed_at_idx" ON "sms_message"("claimed_at");

-- AddForeignKey
ALTER TABLE "sms_message" ADD CONSTRAINT "sms_message_reply_to_fkey" FOREIGN KEY ("reply_to") REFERENCES "sms_message"("id") ON DELETE SET NULL ON UPDATE CASCADE;
