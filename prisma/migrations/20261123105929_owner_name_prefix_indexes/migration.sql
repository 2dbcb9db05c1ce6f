-- CreateIndex
CREATE INDEX "owner_first_name_idx" ON "owner"("first_name");

-- CreateIndex
CREATE INDEX "owner_last_name_idx" ON "owner"("last_name");
