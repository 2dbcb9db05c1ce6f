-- CreateTable
CREATE TABLE "stats_rollup_state" (
    "type" VARCHAR(50) NOT NULL,
    "rolled_day" DATE NOT NULL,
    "rolled_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "stats_rollup_state_pkey" PRIMARY KEY ("type")
);

-- CreateIndex
CREATE INDEX "app_log_created_idx" ON "app_log"("created");

-- CreateIndex
CREATE INDEX "contact_created_idx" ON "contact"("created");

-- CreateIndex
CREATE INDEX "device_created_idx" ON "device"("created");

-- CreateIndex
CREATE INDEX "device_last_seen_at_idx" ON "device"("last_seen_at");

-- CreateIndex
CREATE INDEX "location_time_idx" ON "location"("time");

-- CreateIndex
CREATE INDEX "notification_created_idx" ON "notification"("created");

-- CreateIndex
CREATE INDEX "owner_created_idx" ON "owner"("created");

-- CreateIndex
CREATE INDEX "owner_last_login_at_idx" ON "owner"("last_login_at");

-- CreateIndex
CREATE INDEX "owner_guest_created_idx" ON "owner_guest"("created");

-- CreateIndex
CREATE INDEX "owner_guest_accepted_at_idx" ON "owner_guest"("accepted_at");

-- CreateIndex
CREATE INDEX "safe_zone_created_idx" ON "safe_zone"("created");

-- CreateIndex
CREATE INDEX "safe_zone_log_time_idx" ON "safe_zone_log"("time");

-- CreateIndex
CREATE INDEX "voice_message_created_idx" ON "voice_message"("created");
