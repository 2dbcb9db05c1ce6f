-- CreateIndex
CREATE INDEX "sms_message_gsm_number_trgm_idx" ON "sms_message" USING GIN ("gsm_number" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "sms_message_message_trgm_idx" ON "sms_message" USING GIN ("message" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "sms_message_command_key_created_idx" ON "sms_message"("command_key", "created");
