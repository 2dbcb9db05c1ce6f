-- CreateIndex
CREATE INDEX "owner_is_test_idx" ON "owner"("id") WHERE (is_test);
