-- CreateTable
CREATE TABLE "sms_statistic_delta" (
    "id" BIGSERIAL NOT NULL,
    "day" DATE NOT NULL,
    "created" INTEGER NOT NULL DEFAULT 0,
    "sent" INTEGER NOT NULL DEFAULT 0,
    "errors" INTEGER NOT NULL DEFAULT 0,
    "received" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "sms_statistic_delta_pkey" PRIMARY KEY ("id")
);
