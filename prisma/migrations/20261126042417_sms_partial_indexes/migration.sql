-- DropIndex
DROP INDEX "sms_message_bulk_id_status_idx";

-- DropIndex
DROP INDEX "sms_message_claimed_at_idx";

-- DropIndex
DROP INDEX "sms_message_gateway_message_id_key";

-- DropIndex
DROP INDEX "sms_message_idempotency_key_key";

-- DropIndex
DROP INDEX "sms_message_reply_to_idx";

-- CreateIndex
CREATE INDEX "sms_message_bulk_id_status_idx" ON "sms_message"("bulk_id", "status") WHERE (bulk_id IS NOT NULL);

-- CreateIndex
CREATE INDEX "sms_message_reply_to_idx" ON "sms_message"("reply_to") WHERE (reply_to IS NOT NULL);

-- CreateIndex
CREATE INDEX "sms_message_claimed_at_idx" ON "sms_message"("claimed_at") WHERE (claimed_at IS NOT NULL);

-- CreateIndex
CREATE UNIQUE INDEX "sms_message_gateway_message_id_key" ON "sms_message"("gateway_message_id") WHERE (gateway_message_id IS NOT NULL);
