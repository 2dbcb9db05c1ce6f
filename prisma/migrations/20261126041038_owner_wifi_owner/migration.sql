-- AddForeignKey
ALTER TABLE "wifi_access_point" ADD CONSTRAINT "wifi_access_point_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "owner"("id") ON DELETE CASCADE ON UPDATE CASCADE;
