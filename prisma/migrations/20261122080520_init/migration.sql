-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateExtension (written by hand for the trigram indexes of the owner search, see the datasource note in schema.prisma)
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateEnum
CREATE TYPE "region" AS ENUM ('EU', 'US', 'SA');

-- CreateEnum
CREATE TYPE "carrier_sim_status" AS ENUM ('INACTIVE', 'ACTIVE', 'UNREGISTERED', 'ACTIVATION_FAILED', 'ACTIVATING');

-- CreateEnum
CREATE TYPE "tracking_provider" AS ENUM ('GEOLOCATOR', 'GPS', 'SKYHOOK', 'OPENCELLID', 'UNWIRED');

-- CreateEnum
CREATE TYPE "sms_direction" AS ENUM ('OUTBOUND', 'INBOUND');

-- CreateEnum
CREATE TYPE "push_platform" AS ENUM ('IOS', 'ANDROID');

-- CreateEnum
CREATE TYPE "import_kind" AS ENUM ('SIM', 'DEVICE', 'DEVICE_AND_SIM', 'FACTORY_DEVICE', 'MASS');

-- CreateEnum
CREATE TYPE "import_status" AS ENUM ('QUEUED', 'RUNNING', 'FINISHED', 'FAILED');

-- CreateEnum
CREATE TYPE "modem_update_status" AS ENUM ('WAITING', 'RUNNING', 'DONE', 'FAILED', 'STOPPED');

-- CreateEnum
CREATE TYPE "guest_status" AS ENUM ('WAITING', 'ACCEPTED');

-- CreateEnum
CREATE TYPE "report_status" AS ENUM ('QUEUED', 'RUNNING', 'DONE', 'FAILED');

-- CreateTable
CREATE TABLE "device_type" (
    "id" INTEGER NOT NULL,
    "name" VARCHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_type_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "white_label" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "white_label_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "white_label_deployment" (
    "id" SERIAL NOT NULL,
    "white_label_id" INTEGER NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "white_label_deployment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "operator" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "start" VARCHAR(5) NOT NULL,
    "region" "region" NOT NULL DEFAULT 'EU',
    "device_types" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "terms_key" VARCHAR(100) NOT NULL DEFAULT 'MOBILE_OPERATORS_TERMS',
    "zones_limit" INTEGER NOT NULL DEFAULT 5,
    "contacts_limit" INTEGER NOT NULL DEFAULT 5,
    "alarms_limit" INTEGER NOT NULL DEFAULT 10,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "operator_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "language" (
    "language_code" VARCHAR(8) NOT NULL,
    "name" VARCHAR(64) NOT NULL,

    CONSTRAINT "language_pkey" PRIMARY KEY ("language_code")
);

-- CreateTable
CREATE TABLE "country" (
    "code" VARCHAR(2) NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "phone_code" VARCHAR(8) NOT NULL,

    CONSTRAINT "country_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "backoffice_user" (
    "id" SERIAL NOT NULL,
    "username" VARCHAR(100) NOT NULL,
    "email" VARCHAR(254),
    "password_hash" VARCHAR(100) NOT NULL,
    "role_id" INTEGER NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "password_change_required" BOOLEAN NOT NULL DEFAULT false,
    "totp_secret" VARCHAR(64),
    "totp_pending_secret" VARCHAR(64),
    "totp_last_step" BIGINT,
    "prefered_language" VARCHAR(8) NOT NULL DEFAULT 'en',
    "operators" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "types" INTEGER[] DEFAULT ARRAY[-1]::INTEGER[],
    "white_labels" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_login_at" TIMESTAMPTZ(3),

    CONSTRAINT "backoffice_user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "backoffice_session" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "exp_date" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "ip" VARCHAR(64),
    "user_agent" VARCHAR(300),

    CONSTRAINT "backoffice_session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "password_reset" (
    "uuid" UUID NOT NULL,
    "user_id" INTEGER NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "password_reset_pkey" PRIMARY KEY ("uuid")
);

-- CreateTable
CREATE TABLE "owner" (
    "id" SERIAL NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "first_name" VARCHAR(50),
    "last_name" VARCHAR(50),
    "phone" VARCHAR(20),
    "white_label_vendor_id" INTEGER,
    "external_id" VARCHAR(100),
    "language" VARCHAR(8) NOT NULL DEFAULT 'en',
    "is_test" BOOLEAN NOT NULL DEFAULT false,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "password_hash" VARCHAR(100),
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "street" VARCHAR(100),
    "house_number" VARCHAR(20),
    "zip" VARCHAR(20),
    "city" VARCHAR(100),
    "country_code" VARCHAR(2),
    "language_override" BOOLEAN NOT NULL DEFAULT false,
    "apn_token" VARCHAR(300),
    "gcm_token" VARCHAR(300),
    "last_login_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "owner_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "device" (
    "id" SERIAL NOT NULL,
    "name_id" VARCHAR(50),
    "imei_id" VARCHAR(50),
    "imei" VARCHAR(20) NOT NULL,
    "imsi" VARCHAR(20),
    "device_type_id" INTEGER NOT NULL,
    "gsm_number" VARCHAR(20),
    "first_name" VARCHAR(50),
    "last_name" VARCHAR(50),
    "birth_date" DATE,
    "height" INTEGER,
    "weight" INTEGER,
    "gender" INTEGER,
    "initialized" BOOLEAN NOT NULL DEFAULT false,
    "device_status" INTEGER NOT NULL DEFAULT 0,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "is_test" BOOLEAN NOT NULL DEFAULT false,
    "owner_id" INTEGER,
    "sim_id" INTEGER,
    "firmware" VARCHAR(50),
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "activation_code" VARCHAR(15),
    "factory_device_id" INTEGER,
    "last_seen_at" TIMESTAMPTZ(3),
    "battery" INTEGER,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sim_card" (
    "id" SERIAL NOT NULL,
    "imsi" VARCHAR(20) NOT NULL,
    "iccid" VARCHAR(22),
    "gsm_number" VARCHAR(20),
    "status" INTEGER NOT NULL DEFAULT 0,
    "carrier_status" "carrier_sim_status" NOT NULL DEFAULT 'INACTIVE',
    "operator_id" INTEGER,
    "import_id" INTEGER,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sim_card_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "first_name" VARCHAR(50) NOT NULL,
    "last_name" VARCHAR(50),
    "email" VARCHAR(254),
    "phone" VARCHAR(20),
    "is_guest" BOOLEAN NOT NULL DEFAULT false,
    "emergency" BOOLEAN NOT NULL DEFAULT true,
    "primary" BOOLEAN NOT NULL DEFAULT false,
    "relationship" VARCHAR(50),
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_device" (
    "contact_id" INTEGER NOT NULL,
    "device_id" INTEGER NOT NULL,

    CONSTRAINT "contact_device_pkey" PRIMARY KEY ("contact_id","device_id")
);

-- CreateTable
CREATE TABLE "safe_zone" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "radius" INTEGER NOT NULL DEFAULT 200,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "limit_percent" INTEGER NOT NULL DEFAULT -1,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "safe_zone_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "safe_zone_device" (
    "safe_zone_id" INTEGER NOT NULL,
    "device_id" INTEGER NOT NULL,

    CONSTRAINT "safe_zone_device_pkey" PRIMARY KEY ("safe_zone_id","device_id")
);

-- CreateTable
CREATE TABLE "safe_zone_log" (
    "id" BIGSERIAL NOT NULL,
    "device_id" INTEGER NOT NULL,
    "safe_zone_id" INTEGER,
    "type" INTEGER NOT NULL,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "time" TIMESTAMPTZ(3) NOT NULL,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "safe_zone_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "location" (
    "id" BIGSERIAL NOT NULL,
    "device_id" INTEGER NOT NULL,
    "time" TIMESTAMPTZ(3) NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "radius" INTEGER,
    "altitude" DOUBLE PRECISION,
    "angle" INTEGER,
    "speed" DOUBLE PRECISION,
    "gsm_operator" VARCHAR(10),
    "gsm_cell_id" VARCHAR(20),
    "is_valid" BOOLEAN NOT NULL DEFAULT true,
    "reason" INTEGER,
    "source" INTEGER NOT NULL DEFAULT 0,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "location_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "location_wifi" (
    "id" BIGSERIAL NOT NULL,
    "location_id" BIGINT NOT NULL,
    "mac_address" VARCHAR(12) NOT NULL,
    "signal" INTEGER,

    CONSTRAINT "location_wifi_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "location_gsm" (
    "id" BIGSERIAL NOT NULL,
    "location_id" BIGINT NOT NULL,
    "mcc" INTEGER NOT NULL,
    "mnc" INTEGER NOT NULL,
    "lac" INTEGER NOT NULL,
    "cell_id" BIGINT NOT NULL,
    "signal" INTEGER,

    CONSTRAINT "location_gsm_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "location_provider_fix" (
    "id" BIGSERIAL NOT NULL,
    "location_id" BIGINT NOT NULL,
    "provider" "tracking_provider" NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "radius" INTEGER,

    CONSTRAINT "location_provider_fix_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "device_communication" (
    "id" BIGSERIAL NOT NULL,
    "device_id" INTEGER NOT NULL,
    "time" TIMESTAMPTZ(3) NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "gap_seconds" INTEGER,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "signal" INTEGER,
    "battery" INTEGER,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_communication_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "device_temperature" (
    "id" BIGSERIAL NOT NULL,
    "device_id" INTEGER NOT NULL,
    "time" TIMESTAMPTZ(3) NOT NULL,
    "temperature" DOUBLE PRECISION NOT NULL,
    "battery_temperature" DOUBLE PRECISION,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_temperature_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "device_log" (
    "id" SERIAL NOT NULL,
    "device_id" INTEGER NOT NULL,
    "file_name" VARCHAR(200) NOT NULL,
    "log_level" INTEGER,
    "duration" INTEGER,
    "size_bytes" INTEGER NOT NULL DEFAULT 0,
    "content" BYTEA,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sms_message" (
    "id" BIGSERIAL NOT NULL,
    "command_key" VARCHAR(50),
    "message" TEXT NOT NULL,
    "device_id" INTEGER,
    "gsm_number" VARCHAR(20),
    "direction" "sms_direction" NOT NULL DEFAULT 'OUTBOUND',
    "status" INTEGER NOT NULL DEFAULT 0,
    "gateway_id" INTEGER,
    "gateway_message_id" VARCHAR(64),
    "idempotency_key" VARCHAR(100),
    "created_by" INTEGER,
    "bulk_id" VARCHAR(36),
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "received_at" TIMESTAMPTZ(3),
    "error" TEXT,

    CONSTRAINT "sms_message_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sms_command" (
    "id" SERIAL NOT NULL,
    "device_type_id" INTEGER NOT NULL,
    "command_key" VARCHAR(50) NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "template" VARCHAR(500) NOT NULL,
    "takes_message" BOOLEAN NOT NULL DEFAULT false,
    "description" VARCHAR(300),

    CONSTRAINT "sms_command_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sms_statistic" (
    "day" DATE NOT NULL,
    "created" INTEGER NOT NULL DEFAULT 0,
    "sent" INTEGER NOT NULL DEFAULT 0,
    "errors" INTEGER NOT NULL DEFAULT 0,
    "received" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sms_statistic_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "sms_gateway" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "allowed" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "command" VARCHAR(200),
    "provider" VARCHAR(20) NOT NULL DEFAULT 'twilio',
    "url" VARCHAR(300),
    "from_number" VARCHAR(30),
    "rate_per_second" INTEGER NOT NULL DEFAULT 10,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sms_gateway_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "gsm_whitelist_number" (
    "id" SERIAL NOT NULL,
    "number" VARCHAR(20) NOT NULL,
    "is_allowed" BOOLEAN NOT NULL DEFAULT true,
    "comment" VARCHAR(200),
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "gsm_whitelist_number_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification" (
    "id" BIGSERIAL NOT NULL,
    "device_id" INTEGER,
    "user_id" INTEGER,
    "platform" "push_platform" NOT NULL,
    "type" VARCHAR(50),
    "title" VARCHAR(200),
    "message" TEXT NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "error_code" INTEGER NOT NULL DEFAULT 0,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "notification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_event" (
    "id" BIGSERIAL NOT NULL,
    "actor_id" INTEGER,
    "actor_name" VARCHAR(100),
    "action" VARCHAR(200) NOT NULL,
    "area" VARCHAR(50) NOT NULL,
    "entity" VARCHAR(50),
    "entity_id" VARCHAR(100),
    "device_id" INTEGER,
    "status" INTEGER,
    "before" JSONB,
    "after" JSONB,
    "ip" VARCHAR(64),
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "device_setting" (
    "device_id" INTEGER NOT NULL,
    "setting_no" INTEGER NOT NULL,
    "value" VARCHAR(500) NOT NULL,
    "synced" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_setting_pkey" PRIMARY KEY ("device_id","setting_no")
);

-- CreateTable
CREATE TABLE "default_setting" (
    "id" SERIAL NOT NULL,
    "device_type_id" INTEGER NOT NULL,
    "setting_no" INTEGER NOT NULL,
    "name" VARCHAR(100),
    "value" VARCHAR(500) NOT NULL,
    "synced" BOOLEAN NOT NULL DEFAULT true,
    "editable" BOOLEAN NOT NULL DEFAULT true,
    "types" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "default_setting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "translation" (
    "id" SERIAL NOT NULL,
    "key" VARCHAR(200) NOT NULL,
    "language_code" VARCHAR(8) NOT NULL,
    "value" TEXT NOT NULL,
    "is_html" BOOLEAN NOT NULL DEFAULT false,
    "device_type_id" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "translation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "help_text" (
    "id" SERIAL NOT NULL,
    "locale_path" VARCHAR(200) NOT NULL,
    "language_code" VARCHAR(8) NOT NULL,
    "text" TEXT NOT NULL,
    "updated_by" INTEGER,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "help_text_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "help_file" (
    "id" SERIAL NOT NULL,
    "file_name" VARCHAR(255) NOT NULL,
    "content_type" VARCHAR(100) NOT NULL DEFAULT 'application/pdf',
    "size_bytes" INTEGER NOT NULL,
    "content" BYTEA NOT NULL,
    "created_by" INTEGER,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "help_file_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "time_zone" (
    "id" SERIAL NOT NULL,
    "region" VARCHAR(64) NOT NULL,
    "zone" VARCHAR(64) NOT NULL,
    "abbreviation" VARCHAR(10) NOT NULL,
    "utc_offset" VARCHAR(8) NOT NULL,
    "offset_minutes" INTEGER NOT NULL,

    CONSTRAINT "time_zone_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "voip_central" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "phone" VARCHAR(20) NOT NULL,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "voip_central_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "import" (
    "id" SERIAL NOT NULL,
    "kind" "import_kind" NOT NULL,
    "file_name" VARCHAR(255) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "imported" INTEGER NOT NULL DEFAULT 0,
    "status" "import_status" NOT NULL DEFAULT 'QUEUED',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "params" JSONB,
    "error" TEXT,
    "created_by" INTEGER,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "import_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "import_error" (
    "id" BIGSERIAL NOT NULL,
    "import_id" INTEGER NOT NULL,
    "line" INTEGER NOT NULL,
    "column" VARCHAR(50),
    "value" TEXT,
    "reason" TEXT NOT NULL,

    CONSTRAINT "import_error_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "factory_device" (
    "id" SERIAL NOT NULL,
    "imei" VARCHAR(20) NOT NULL,
    "imsi" VARCHAR(20),
    "iccid" VARCHAR(22),
    "activation_code" VARCHAR(15),
    "serial_number" VARCHAR(50),
    "device_type_id" INTEGER,
    "firmware" VARCHAR(50),
    "status" INTEGER NOT NULL DEFAULT 0,
    "white_label_deployment_id" INTEGER NOT NULL DEFAULT 1,
    "import_id" INTEGER,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "factory_device_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ftp_server" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "host" VARCHAR(200) NOT NULL,
    "port" INTEGER NOT NULL DEFAULT 21,
    "username" VARCHAR(100),
    "password" VARCHAR(200),
    "base_path" VARCHAR(300) NOT NULL DEFAULT '/',
    "passive" BOOLEAN NOT NULL DEFAULT true,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ftp_server_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "firmware_binary" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "version" VARCHAR(50) NOT NULL,
    "device_type_id" INTEGER,
    "ftp_server_id" INTEGER,
    "file_name" VARCHAR(255) NOT NULL,
    "path" VARCHAR(500),
    "size_bytes" INTEGER NOT NULL DEFAULT 0,
    "sha256" CHAR(64),
    "created_by" INTEGER,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "firmware_binary_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "firmware_upload_request" (
    "id" SERIAL NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "fup_upload_id" INTEGER NOT NULL,
    "upload_type" INTEGER NOT NULL DEFAULT 0,
    "for_version" VARCHAR(50),
    "comment" TEXT,
    "expired_at" TIMESTAMPTZ(3) NOT NULL,
    "extend" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "new_version" VARCHAR(50),
    "created_by" INTEGER,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "stopped_at" TIMESTAMPTZ(3),

    CONSTRAINT "firmware_upload_request_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "firmware_ota_activity" (
    "id" BIGSERIAL NOT NULL,
    "request_id" INTEGER NOT NULL,
    "device_id" INTEGER NOT NULL,
    "imei" VARCHAR(20) NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "from_version" VARCHAR(50),
    "to_version" VARCHAR(50),
    "progress" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "firmware_ota_activity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "modem_update_task" (
    "id" SERIAL NOT NULL,
    "device_id" INTEGER NOT NULL,
    "imei" VARCHAR(20) NOT NULL,
    "profile" VARCHAR(20) NOT NULL DEFAULT 'standard',
    "task_id" INTEGER NOT NULL DEFAULT 0,
    "task_count" INTEGER NOT NULL,
    "status" "modem_update_status" NOT NULL DEFAULT 'WAITING',
    "errors" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "created_by" INTEGER,
    "started" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "step_started_at" TIMESTAMPTZ(3),
    "deadline_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "modem_update_task_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "modem_update_step" (
    "id" BIGSERIAL NOT NULL,
    "modem_id" INTEGER NOT NULL,
    "task_id" INTEGER NOT NULL,
    "outcome" VARCHAR(20) NOT NULL,
    "message" TEXT,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "modem_update_step_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wifi_access_point" (
    "mac" VARCHAR(12) NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "fixed" BOOLEAN NOT NULL DEFAULT false,
    "blacklisted" BOOLEAN NOT NULL DEFAULT false,
    "user_id" INTEGER,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wifi_access_point_pkey" PRIMARY KEY ("mac")
);

-- CreateTable
CREATE TABLE "owner_guest" (
    "id" SERIAL NOT NULL,
    "owner_id" INTEGER NOT NULL,
    "guest_user_id" INTEGER,
    "email" VARCHAR(254) NOT NULL,
    "first_name" VARCHAR(50),
    "last_name" VARCHAR(50),
    "status" "guest_status" NOT NULL DEFAULT 'WAITING',
    "can_call" BOOLEAN NOT NULL DEFAULT false,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "accepted_at" TIMESTAMPTZ(3),

    CONSTRAINT "owner_guest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "voice_message" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "device_id" INTEGER,
    "to_device" BOOLEAN NOT NULL DEFAULT true,
    "duration_seconds" INTEGER NOT NULL,
    "file_name" VARCHAR(200) NOT NULL,
    "content_type" VARCHAR(50) NOT NULL DEFAULT 'audio/amr',
    "size_bytes" INTEGER NOT NULL DEFAULT 0,
    "content" BYTEA,
    "listened" BOOLEAN NOT NULL DEFAULT false,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "voice_message_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "app_log" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "file_name" VARCHAR(200) NOT NULL,
    "platform" VARCHAR(20),
    "app_version" VARCHAR(50),
    "size_bytes" INTEGER NOT NULL DEFAULT 0,
    "content" BYTEA,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "app_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "csv_export" (
    "hash" VARCHAR(64) NOT NULL,
    "kind" VARCHAR(50) NOT NULL,
    "params" JSONB NOT NULL,
    "created_by" INTEGER,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "csv_export_pkey" PRIMARY KEY ("hash")
);

-- CreateTable
CREATE TABLE "report_run" (
    "id" SERIAL NOT NULL,
    "kind" VARCHAR(50) NOT NULL,
    "params" JSONB NOT NULL,
    "status" "report_status" NOT NULL DEFAULT 'QUEUED',
    "result" JSONB,
    "error" TEXT,
    "created_by" INTEGER,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "report_run_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "daily_statistic" (
    "id" BIGSERIAL NOT NULL,
    "type" VARCHAR(50) NOT NULL,
    "day" DATE NOT NULL,
    "white_label_id" INTEGER NOT NULL,
    "dimension" VARCHAR(100) NOT NULL DEFAULT '',
    "value" BIGINT NOT NULL,

    CONSTRAINT "daily_statistic_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "white_label_name_key" ON "white_label"("name");

-- CreateIndex
CREATE INDEX "white_label_deployment_white_label_id_idx" ON "white_label_deployment"("white_label_id");

-- CreateIndex
CREATE UNIQUE INDEX "backoffice_user_username_key" ON "backoffice_user"("username");

-- CreateIndex
CREATE UNIQUE INDEX "backoffice_session_token_hash_key" ON "backoffice_session"("token_hash");

-- CreateIndex
CREATE INDEX "backoffice_session_user_id_idx" ON "backoffice_session"("user_id");

-- CreateIndex
CREATE INDEX "password_reset_user_id_idx" ON "password_reset"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "owner_email_key" ON "owner"("email");

-- CreateIndex
CREATE INDEX "owner_white_label_vendor_id_idx" ON "owner"("white_label_vendor_id");

-- CreateIndex
CREATE INDEX "owner_email_trgm_idx" ON "owner" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "owner_first_name_trgm_idx" ON "owner" USING GIN ("first_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "owner_last_name_trgm_idx" ON "owner" USING GIN ("last_name" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "device_imei_key" ON "device"("imei");

-- CreateIndex
CREATE UNIQUE INDEX "device_activation_code_key" ON "device"("activation_code");

-- CreateIndex
CREATE INDEX "device_owner_id_idx" ON "device"("owner_id");

-- CreateIndex
CREATE INDEX "device_device_type_id_id_idx" ON "device"("device_type_id", "id");

-- CreateIndex
CREATE INDEX "device_imsi_id_idx" ON "device"("imsi", "id");

-- CreateIndex
CREATE INDEX "device_gsm_number_id_idx" ON "device"("gsm_number", "id");

-- CreateIndex
CREATE INDEX "device_sim_id_idx" ON "device"("sim_id");

-- CreateIndex
CREATE UNIQUE INDEX "sim_card_imsi_key" ON "sim_card"("imsi");

-- CreateIndex
CREATE UNIQUE INDEX "sim_card_iccid_key" ON "sim_card"("iccid");

-- CreateIndex
CREATE INDEX "sim_card_gsm_number_idx" ON "sim_card"("gsm_number");

-- CreateIndex
CREATE INDEX "sim_card_operator_id_idx" ON "sim_card"("operator_id");

-- CreateIndex
CREATE INDEX "contact_user_id_idx" ON "contact"("user_id");

-- CreateIndex
CREATE INDEX "contact_device_device_id_idx" ON "contact_device"("device_id");

-- CreateIndex
CREATE INDEX "safe_zone_user_id_idx" ON "safe_zone"("user_id");

-- CreateIndex
CREATE INDEX "safe_zone_device_device_id_idx" ON "safe_zone_device"("device_id");

-- CreateIndex
CREATE INDEX "safe_zone_log_device_id_time_idx" ON "safe_zone_log"("device_id", "time");

-- CreateIndex
CREATE INDEX "safe_zone_log_safe_zone_id_idx" ON "safe_zone_log"("safe_zone_id");

-- CreateIndex
CREATE INDEX "location_device_id_time_idx" ON "location"("device_id", "time");

-- CreateIndex
CREATE INDEX "location_wifi_location_id_idx" ON "location_wifi"("location_id");

-- CreateIndex
CREATE INDEX "location_gsm_location_id_idx" ON "location_gsm"("location_id");

-- CreateIndex
CREATE INDEX "location_provider_fix_location_id_idx" ON "location_provider_fix"("location_id");

-- CreateIndex
CREATE INDEX "device_communication_device_id_time_idx" ON "device_communication"("device_id", "time");

-- CreateIndex
CREATE INDEX "device_temperature_device_id_time_idx" ON "device_temperature"("device_id", "time");

-- CreateIndex
CREATE UNIQUE INDEX "device_log_file_name_key" ON "device_log"("file_name");

-- CreateIndex
CREATE INDEX "device_log_device_id_created_idx" ON "device_log"("device_id", "created");

-- CreateIndex
CREATE UNIQUE INDEX "sms_message_gateway_message_id_key" ON "sms_message"("gateway_message_id");

-- CreateIndex
CREATE UNIQUE INDEX "sms_message_idempotency_key_key" ON "sms_message"("idempotency_key");

-- CreateIndex
CREATE INDEX "sms_message_device_id_created_idx" ON "sms_message"("device_id", "created");

-- CreateIndex
CREATE INDEX "sms_message_created_idx" ON "sms_message"("created");

-- CreateIndex
CREATE INDEX "sms_message_gsm_number_created_idx" ON "sms_message"("gsm_number", "created");

-- CreateIndex
CREATE INDEX "sms_message_status_created_idx" ON "sms_message"("status", "created");

-- CreateIndex
CREATE INDEX "sms_message_bulk_id_idx" ON "sms_message"("bulk_id");

-- CreateIndex
CREATE UNIQUE INDEX "sms_command_device_type_id_command_key_key" ON "sms_command"("device_type_id", "command_key");

-- CreateIndex
CREATE UNIQUE INDEX "gsm_whitelist_number_number_key" ON "gsm_whitelist_number"("number");

-- CreateIndex
CREATE INDEX "notification_device_id_created_idx" ON "notification"("device_id", "created");

-- CreateIndex
CREATE INDEX "notification_user_id_created_idx" ON "notification"("user_id", "created");

-- CreateIndex
CREATE INDEX "audit_event_device_id_created_idx" ON "audit_event"("device_id", "created");

-- CreateIndex
CREATE INDEX "audit_event_entity_entity_id_idx" ON "audit_event"("entity", "entity_id");

-- CreateIndex
CREATE INDEX "audit_event_actor_id_created_idx" ON "audit_event"("actor_id", "created");

-- CreateIndex
CREATE INDEX "audit_event_created_idx" ON "audit_event"("created");

-- CreateIndex
CREATE UNIQUE INDEX "default_setting_device_type_id_setting_no_key" ON "default_setting"("device_type_id", "setting_no");

-- CreateIndex
CREATE INDEX "translation_language_code_device_type_id_idx" ON "translation"("language_code", "device_type_id");

-- CreateIndex
CREATE UNIQUE INDEX "translation_key_language_code_device_type_id_key" ON "translation"("key", "language_code", "device_type_id");

-- CreateIndex
CREATE UNIQUE INDEX "help_text_locale_path_language_code_key" ON "help_text"("locale_path", "language_code");

-- CreateIndex
CREATE INDEX "time_zone_offset_minutes_idx" ON "time_zone"("offset_minutes");

-- CreateIndex
CREATE UNIQUE INDEX "time_zone_region_zone_key" ON "time_zone"("region", "zone");

-- CreateIndex
CREATE INDEX "import_created_idx" ON "import"("created");

-- CreateIndex
CREATE INDEX "import_status_idx" ON "import"("status");

-- CreateIndex
CREATE INDEX "import_error_import_id_line_idx" ON "import_error"("import_id", "line");

-- CreateIndex
CREATE UNIQUE INDEX "factory_device_imei_key" ON "factory_device"("imei");

-- CreateIndex
CREATE UNIQUE INDEX "factory_device_activation_code_key" ON "factory_device"("activation_code");

-- CreateIndex
CREATE INDEX "factory_device_imsi_idx" ON "factory_device"("imsi");

-- CreateIndex
CREATE INDEX "firmware_binary_version_idx" ON "firmware_binary"("version");

-- CreateIndex
CREATE INDEX "firmware_upload_request_status_idx" ON "firmware_upload_request"("status");

-- CreateIndex
CREATE INDEX "firmware_ota_activity_device_id_idx" ON "firmware_ota_activity"("device_id");

-- CreateIndex
CREATE INDEX "firmware_ota_activity_imei_idx" ON "firmware_ota_activity"("imei");

-- CreateIndex
CREATE UNIQUE INDEX "firmware_ota_activity_request_id_device_id_key" ON "firmware_ota_activity"("request_id", "device_id");

-- CreateIndex
CREATE INDEX "modem_update_task_device_id_idx" ON "modem_update_task"("device_id");

-- CreateIndex
CREATE INDEX "modem_update_task_imei_idx" ON "modem_update_task"("imei");

-- CreateIndex
CREATE INDEX "modem_update_task_status_idx" ON "modem_update_task"("status");

-- CreateIndex
CREATE INDEX "modem_update_step_modem_id_id_idx" ON "modem_update_step"("modem_id", "id");

-- CreateIndex
CREATE INDEX "wifi_access_point_user_id_idx" ON "wifi_access_point"("user_id");

-- CreateIndex
CREATE INDEX "owner_guest_owner_id_idx" ON "owner_guest"("owner_id");

-- CreateIndex
CREATE INDEX "owner_guest_guest_user_id_idx" ON "owner_guest"("guest_user_id");

-- CreateIndex
CREATE INDEX "owner_guest_email_idx" ON "owner_guest"("email");

-- CreateIndex
CREATE INDEX "voice_message_user_id_created_idx" ON "voice_message"("user_id", "created");

-- CreateIndex
CREATE INDEX "voice_message_device_id_created_idx" ON "voice_message"("device_id", "created");

-- CreateIndex
CREATE UNIQUE INDEX "app_log_file_name_key" ON "app_log"("file_name");

-- CreateIndex
CREATE INDEX "app_log_user_id_created_idx" ON "app_log"("user_id", "created");

-- CreateIndex
CREATE INDEX "csv_export_expires_at_idx" ON "csv_export"("expires_at");

-- CreateIndex
CREATE INDEX "report_run_created_by_kind_created_idx" ON "report_run"("created_by", "kind", "created");

-- CreateIndex
CREATE UNIQUE INDEX "daily_statistic_type_day_white_label_id_dimension_key" ON "daily_statistic"("type", "day", "white_label_id", "dimension");

-- AddForeignKey
ALTER TABLE "white_label_deployment" ADD CONSTRAINT "white_label_deployment_white_label_id_fkey" FOREIGN KEY ("white_label_id") REFERENCES "white_label"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "backoffice_session" ADD CONSTRAINT "backoffice_session_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "backoffice_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "password_reset" ADD CONSTRAINT "password_reset_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "backoffice_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "owner" ADD CONSTRAINT "owner_white_label_vendor_id_fkey" FOREIGN KEY ("white_label_vendor_id") REFERENCES "white_label"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "owner" ADD CONSTRAINT "owner_country_code_fkey" FOREIGN KEY ("country_code") REFERENCES "country"("code") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device" ADD CONSTRAINT "device_device_type_id_fkey" FOREIGN KEY ("device_type_id") REFERENCES "device_type"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device" ADD CONSTRAINT "device_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "owner"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device" ADD CONSTRAINT "device_sim_id_fkey" FOREIGN KEY ("sim_id") REFERENCES "sim_card"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device" ADD CONSTRAINT "device_factory_device_id_fkey" FOREIGN KEY ("factory_device_id") REFERENCES "factory_device"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sim_card" ADD CONSTRAINT "sim_card_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operator"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact" ADD CONSTRAINT "contact_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "owner"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_device" ADD CONSTRAINT "contact_device_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_device" ADD CONSTRAINT "contact_device_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "device"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "safe_zone" ADD CONSTRAINT "safe_zone_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "owner"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "safe_zone_device" ADD CONSTRAINT "safe_zone_device_safe_zone_id_fkey" FOREIGN KEY ("safe_zone_id") REFERENCES "safe_zone"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "safe_zone_device" ADD CONSTRAINT "safe_zone_device_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "device"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "safe_zone_log" ADD CONSTRAINT "safe_zone_log_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "device"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "safe_zone_log" ADD CONSTRAINT "safe_zone_log_safe_zone_id_fkey" FOREIGN KEY ("safe_zone_id") REFERENCES "safe_zone"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "location" ADD CONSTRAINT "location_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "device"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "location_wifi" ADD CONSTRAINT "location_wifi_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "location"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "location_gsm" ADD CONSTRAINT "location_gsm_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "location"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "location_provider_fix" ADD CONSTRAINT "location_provider_fix_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "location"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_communication" ADD CONSTRAINT "device_communication_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "device"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_temperature" ADD CONSTRAINT "device_temperature_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "device"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_log" ADD CONSTRAINT "device_log_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "device"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sms_message" ADD CONSTRAINT "sms_message_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "device"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sms_message" ADD CONSTRAINT "sms_message_gateway_id_fkey" FOREIGN KEY ("gateway_id") REFERENCES "sms_gateway"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sms_command" ADD CONSTRAINT "sms_command_device_type_id_fkey" FOREIGN KEY ("device_type_id") REFERENCES "device_type"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification" ADD CONSTRAINT "notification_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "device"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification" ADD CONSTRAINT "notification_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "owner"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_setting" ADD CONSTRAINT "device_setting_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "device"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "default_setting" ADD CONSTRAINT "default_setting_device_type_id_fkey" FOREIGN KEY ("device_type_id") REFERENCES "device_type"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "translation" ADD CONSTRAINT "translation_language_code_fkey" FOREIGN KEY ("language_code") REFERENCES "language"("language_code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "translation" ADD CONSTRAINT "translation_device_type_id_fkey" FOREIGN KEY ("device_type_id") REFERENCES "device_type"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "help_text" ADD CONSTRAINT "help_text_language_code_fkey" FOREIGN KEY ("language_code") REFERENCES "language"("language_code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import" ADD CONSTRAINT "import_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "backoffice_user"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_error" ADD CONSTRAINT "import_error_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "import"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "factory_device" ADD CONSTRAINT "factory_device_device_type_id_fkey" FOREIGN KEY ("device_type_id") REFERENCES "device_type"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "factory_device" ADD CONSTRAINT "factory_device_white_label_deployment_id_fkey" FOREIGN KEY ("white_label_deployment_id") REFERENCES "white_label_deployment"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "firmware_binary" ADD CONSTRAINT "firmware_binary_device_type_id_fkey" FOREIGN KEY ("device_type_id") REFERENCES "device_type"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "firmware_binary" ADD CONSTRAINT "firmware_binary_ftp_server_id_fkey" FOREIGN KEY ("ftp_server_id") REFERENCES "ftp_server"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "firmware_upload_request" ADD CONSTRAINT "firmware_upload_request_fup_upload_id_fkey" FOREIGN KEY ("fup_upload_id") REFERENCES "firmware_binary"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "firmware_upload_request" ADD CONSTRAINT "firmware_upload_request_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "backoffice_user"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "firmware_ota_activity" ADD CONSTRAINT "firmware_ota_activity_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "firmware_upload_request"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "firmware_ota_activity" ADD CONSTRAINT "firmware_ota_activity_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "device"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "modem_update_task" ADD CONSTRAINT "modem_update_task_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "device"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "modem_update_task" ADD CONSTRAINT "modem_update_task_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "backoffice_user"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "modem_update_step" ADD CONSTRAINT "modem_update_step_modem_id_fkey" FOREIGN KEY ("modem_id") REFERENCES "modem_update_task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "owner_guest" ADD CONSTRAINT "owner_guest_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "owner"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "owner_guest" ADD CONSTRAINT "owner_guest_guest_user_id_fkey" FOREIGN KEY ("guest_user_id") REFERENCES "owner"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "voice_message" ADD CONSTRAINT "voice_message_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "owner"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "voice_message" ADD CONSTRAINT "voice_message_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "device"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "app_log" ADD CONSTRAINT "app_log_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "owner"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "csv_export" ADD CONSTRAINT "csv_export_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "backoffice_user"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_run" ADD CONSTRAINT "report_run_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "backoffice_user"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "daily_statistic" ADD CONSTRAINT "daily_statistic_white_label_id_fkey" FOREIGN KEY ("white_label_id") REFERENCES "white_label"("id") ON DELETE CASCADE ON UPDATE CASCADE;
