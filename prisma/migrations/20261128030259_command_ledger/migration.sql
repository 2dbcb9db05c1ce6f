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
CREATE INDEX "sms_message_device_alarm_idx" ON "sms_message"("device_id", "created") WHERE (kind IN ('alarm', 'event'));
