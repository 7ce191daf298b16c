CREATE TABLE "counters" (
	"enterprise_id" bigint NOT NULL,
	"name" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "counters_enterprise_id_name_pk" PRIMARY KEY("enterprise_id","name")
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "departments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"parent_id" bigint,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departments_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "enterprises" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enterprises_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_charge_user" smallint DEFAULT 0 NOT NULL,
	"tryout_type" smallint DEFAULT 0 NOT NULL,
	"ep_service_expire_time" timestamp with time zone,
	"buy_person_num" integer DEFAULT 10 NOT NULL,
	"package_name" text DEFAULT '免费版' NOT NULL,
	"industry" text,
	"sale_channels" text DEFAULT '1,2,3' NOT NULL,
	"crop_id" text,
	"time_zone" text DEFAULT 'Asia/Shanghai' NOT NULL,
	"version_message" text,
	"setup_progress" smallint DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mobile" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hits" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "security_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"enterprise_id" bigint,
	"user_id" bigint,
	"mobile" text,
	"action" text NOT NULL,
	"detail" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_provider_contacts" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "service_provider_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider_id" bigint NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"position" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_provider_contacts_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_providers" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "service_providers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"partner_type" smallint DEFAULT 1 NOT NULL,
	"linkman" text,
	"phone" text,
	"address" text,
	"service_area" text,
	"region_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_lines" text[] DEFAULT '{}'::text[] NOT NULL,
	"bank_name" text,
	"bank_account_name" text,
	"bank_account" text,
	"remark" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"coefficient_pct" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_providers_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"enterprise_id" bigint NOT NULL,
	"id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"csrf_token" text NOT NULL,
	"client" text DEFAULT 'web' NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"write_lsn" "pg_lsn",
	CONSTRAINT "sessions_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mobile" text NOT NULL,
	"code_hash" text NOT NULL,
	"purpose" text DEFAULT 'login' NOT NULL,
	"fails" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mobile" text NOT NULL,
	"name" text NOT NULL,
	"avatar" text,
	"email" text,
	"job_number" text,
	"dept_id" bigint,
	"roles" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"sysrole" smallint,
	"admin" boolean DEFAULT false NOT NULL,
	"status_tag_id" bigint,
	"enabled" boolean DEFAULT true NOT NULL,
	"password_hash" text,
	"pc_version" smallint DEFAULT 1 NOT NULL,
	"user_type" smallint DEFAULT 0 NOT NULL,
	"provider_id" bigint,
	"novice_guide_done" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"search_grams" text[] GENERATED ALWAYS AS (regexp_split_to_array(lower(name), '') || regexp_split_to_array(regexp_replace(lower(name), '(..)', '\1' || chr(1), 'g'), chr(1)) || regexp_split_to_array(regexp_replace(substr(lower(name), 2), '(..)', '\1' || chr(1), 'g'), chr(1))) STORED,
	CONSTRAINT "users_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "custom_menus" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "custom_menus_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"parent_id" smallint NOT NULL,
	"form_type" smallint NOT NULL,
	"url" text,
	"power" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_menus_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "im_messages" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "im_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "im_messages_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "job_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "export_files" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "export_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"process_state" smallint DEFAULT 1 NOT NULL,
	"process" smallint DEFAULT 0 NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"file_key" text,
	"size" bigint,
	"error" text,
	"seen" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "export_files_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "upload_tokens" (
	"enterprise_id" bigint NOT NULL,
	"id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_tokens_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "uploads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"ext" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"kind" text NOT NULL,
	"path" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_group_members" (
	"enterprise_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_group_members_enterprise_id_group_id_user_id_pk" PRIMARY KEY("enterprise_id","group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "service_groups" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "service_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"leader_id" bigint,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_groups_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "tag_links" (
	"enterprise_id" bigint NOT NULL,
	"obj_type" smallint NOT NULL,
	"obj_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tag_links_enterprise_id_obj_type_obj_id_tag_id_pk" PRIMARY KEY("enterprise_id","obj_type","obj_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" smallint NOT NULL,
	"name" text NOT NULL,
	"color_rgb" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "dict_items" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "dict_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" smallint NOT NULL,
	"name" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dict_items_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"enterprise_id" bigint NOT NULL,
	"code" text NOT NULL,
	"value" text NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_settings_enterprise_id_code_pk" PRIMARY KEY("enterprise_id","code")
);
--> statement-breakpoint
CREATE TABLE "announcement_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "announcement_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"announcement_id" bigint NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"changed" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dept_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"version" smallint DEFAULT 0 NOT NULL,
	"publisher_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"category" smallint DEFAULT 1 NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"link" text,
	"announcement_id" bigint,
	"dedupe_key" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "subscription_items" (
	"enterprise_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"code" text NOT NULL,
	"value" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_items_enterprise_id_user_id_code_pk" PRIMARY KEY("enterprise_id","user_id","code")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"enterprise_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"state" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_enterprise_id_user_id_type_pk" PRIMARY KEY("enterprise_id","user_id","type")
);
--> statement-breakpoint
CREATE TABLE "operation_log" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "operation_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"module" text NOT NULL,
	"action" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operation_log_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "page_points" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "page_points_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_points_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "contract_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "contract_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"contract_id" bigint NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"changed" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "customer_addresses" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "customer_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" bigint NOT NULL,
	"province_code" text,
	"city_code" text,
	"district_code" text,
	"province" text,
	"city" text,
	"district" text,
	"detail" text NOT NULL,
	"full_address" text NOT NULL,
	"map_name" text,
	"latitude" double precision,
	"longitude" double precision,
	"geo_precision" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"search_grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_addresses_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "customer_contacts" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "customer_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" bigint NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"position" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"search_grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_contacts_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "customer_permissions" (
	"enterprise_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"permission" smallint DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_permissions_enterprise_id_customer_id_user_id_pk" PRIMARY KEY("enterprise_id","customer_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"code" text,
	"link_name" text,
	"phone" text,
	"business_user_id" bigint,
	"service_group_id" bigint,
	"source" smallint,
	"level" smallint,
	"remark" text,
	"external_userid" text,
	"template_version_id" bigint,
	"ext" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "home_accounts" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "home_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" bigint NOT NULL,
	"link_person_id" bigint,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"password_hash" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_accounts_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "installed_products" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "installed_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" bigint NOT NULL,
	"name" text NOT NULL,
	"serial_number" text,
	"customer_id" bigint,
	"address_id" bigint,
	"install_date" date,
	"purchase_date" date,
	"warranty_end" date,
	"extended_end" date,
	"extended_periods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"qr_code" text NOT NULL,
	"remark" text,
	"template_version_id" bigint,
	"ext" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installed_products_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "maintain_contract_products" (
	"enterprise_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"installed_product_id" bigint NOT NULL,
	CONSTRAINT "maintain_contract_products_enterprise_id_contract_id_installed_product_id_pk" PRIMARY KEY("enterprise_id","contract_id","installed_product_id")
);
--> statement-breakpoint
CREATE TABLE "maintain_contracts" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "maintain_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contract_no" text NOT NULL,
	"name" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"template_version_id" bigint,
	"ext" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintain_contracts_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_models" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "product_models_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"brand" text,
	"model" text,
	"category" text,
	"warranty_period" integer,
	"warranty_unit" smallint DEFAULT 2 NOT NULL,
	"warranty_start_type" smallint DEFAULT 2 NOT NULL,
	"images" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"documents" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"remark" text,
	"search_grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_models_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "sale_contract_items" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sale_contract_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contract_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "sale_contract_items_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "sale_contracts" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sale_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contract_no" text NOT NULL,
	"name" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"sign_date" date NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"remark" text,
	"template_version_id" bigint,
	"ext" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_contracts_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "form_fields" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "form_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"template_id" bigint NOT NULL,
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"def" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	CONSTRAINT "form_fields_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "form_template_versions" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "form_template_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"template_id" bigint NOT NULL,
	"version_no" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_template_versions_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "form_templates" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "form_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"form_kind" smallint NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_templates_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "money_items" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "money_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"template_id" bigint NOT NULL,
	"name" text NOT NULL,
	"price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	CONSTRAINT "money_items_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "search_plans" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "search_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"page_key" text NOT NULL,
	"name" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_plans_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "table_configs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "table_configs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"table_key" text NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_configs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_fees" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_fees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"money_item_id" bigint,
	"name" text NOT NULL,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"quantity" numeric(12, 2) DEFAULT 1 NOT NULL,
	"amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_fees_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"changed" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_messages" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"user_id" bigint,
	"kind" smallint DEFAULT 1 NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"upload_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_messages_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_op_keys" (
	"enterprise_id" bigint NOT NULL,
	"key" text NOT NULL,
	"order_id" bigint NOT NULL,
	"action" text NOT NULL,
	"result" jsonb NOT NULL,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_op_keys_enterprise_id_key_pk" PRIMARY KEY("enterprise_id","key")
);
--> statement-breakpoint
CREATE TABLE "order_people" (
	"enterprise_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"part" smallint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_people_enterprise_id_order_id_part_user_id_pk" PRIMARY KEY("enterprise_id","order_id","part","user_id")
);
--> statement-breakpoint
CREATE TABLE "order_service_items" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_service_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"service_item_id" bigint NOT NULL,
	"name" text NOT NULL,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"quantity" numeric(12, 2) DEFAULT 1 NOT NULL,
	"amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "order_service_items_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"template_id" bigint NOT NULL,
	"template_version_id" bigint,
	"process_version_id" bigint,
	"process" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" smallint NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"invalid" boolean DEFAULT false NOT NULL,
	"abnormal_kind" smallint,
	"abnormal_reason" text,
	"abnormal_by" bigint,
	"abnormal_at" timestamp with time zone,
	"examine_type" smallint,
	"examine_result" smallint,
	"create_examine_operator_id" bigint,
	"create_examined_at" timestamp with time zone,
	"complete_examine_operator_id" bigint,
	"complete_examined_at" timestamp with time zone,
	"receipt_examined_at" timestamp with time zone,
	"collection_examined_at" timestamp with time zone,
	"place_state" smallint DEFAULT 0 NOT NULL,
	"in_pool" boolean DEFAULT false NOT NULL,
	"grabbed" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	"title" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"contact_id" bigint,
	"custom_link_person" text,
	"custom_phone" text,
	"custom_enterprise_name" text,
	"address_id" bigint,
	"province_code" text,
	"city_code" text,
	"district_code" text,
	"province" text,
	"city" text,
	"district" text,
	"address_detail" text,
	"full_address" text,
	"latitude" double precision,
	"longitude" double precision,
	"geo_precision" text,
	"installed_product_id" bigint,
	"appointment_at" timestamp with time zone,
	"priority" smallint DEFAULT 1 NOT NULL,
	"service_level" smallint,
	"detail_desc" text,
	"attachments" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"service_group_id" bigint,
	"source" smallint DEFAULT 1,
	"sale_channel" smallint,
	"ext" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" bigint,
	"salesperson_id" bigint,
	"acceptor_id" bigint,
	"dispatcher_id" bigint,
	"service_user_id" bigint,
	"taken_by" bigint,
	"return_visitor_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"dispatched_at" timestamp with time zone,
	"taken_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"service_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"spare_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"other_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"discount_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"receivable_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"receipt_version_id" bigint,
	"receipt_ext" jsonb,
	"receipted_at" timestamp with time zone,
	"signature_id" bigint,
	"signed_at" timestamp with time zone,
	"payment_method" smallint,
	"receive_payment_id" bigint,
	"paid_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"evaluation" jsonb,
	"evaluated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fee_ext" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provider_id" bigint,
	"reconciled_at" timestamp with time zone,
	"reconciled_by" bigint,
	CONSTRAINT "orders_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_item_types" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "service_item_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_item_types_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_items" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "service_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type_id" bigint,
	"name" text NOT NULL,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_items_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_report_links" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_report_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"mobile" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_report_links_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "receive_payment_templates" (
	"enterprise_id" bigint NOT NULL,
	"receive_payment_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	CONSTRAINT "receive_payment_templates_enterprise_id_receive_payment_id_template_id_pk" PRIMARY KEY("enterprise_id","receive_payment_id","template_id")
);
--> statement-breakpoint
CREATE TABLE "receive_payments" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "receive_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"method" smallint NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receive_payments_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "event_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "event_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"changed" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "event_messages" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "event_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"user_id" bigint,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_messages_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "event_template_settings" (
	"enterprise_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"actions" text[] NOT NULL,
	"principal_roles" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_template_settings_enterprise_id_template_id_pk" PRIMARY KEY("enterprise_id","template_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_no" text NOT NULL,
	"template_id" bigint NOT NULL,
	"template_version_id" bigint,
	"state" smallint NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"dispatch_state" smallint DEFAULT 0 NOT NULL,
	"process_state" smallint DEFAULT 0 NOT NULL,
	"upgrade_state" smallint DEFAULT 0 NOT NULL,
	"pause_state" smallint DEFAULT 0 NOT NULL,
	"close_state" smallint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	"title" text NOT NULL,
	"description" text,
	"customer_id" bigint,
	"custom_name" text,
	"contact_id" bigint,
	"custom_linkperson" text,
	"custom_phone" text,
	"address_id" bigint,
	"province" text,
	"city" text,
	"district" text,
	"province_code" text,
	"city_code" text,
	"district_code" text,
	"custom_detail_addr" text,
	"full_address" text,
	"map_name" text,
	"latitude" double precision,
	"longitude" double precision,
	"geo_precision" text,
	"installed_product_id" bigint,
	"product_model_id" bigint,
	"priority" smallint DEFAULT 1 NOT NULL,
	"service_item_id" bigint,
	"attachments" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"collaborator_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"ext" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"call_record_id" bigint,
	"copied_from" bigint,
	"order_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatcher_id" bigint,
	"dispatched_at" timestamp with time zone,
	"principal_id" bigint,
	"upgrade_user_id" bigint,
	"upgraded_at" timestamp with time zone,
	"upgrade_reason" text,
	"start_user_id" bigint,
	"started_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"pause_reason" text,
	"closed_user_id" bigint,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"complete_user_id" bigint,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "engineer_positions" (
	"enterprise_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy" double precision,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "engineer_positions_enterprise_id_user_id_pk" PRIMARY KEY("enterprise_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "time_intervals" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "time_intervals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_intervals_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "automation_rules" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "automation_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"template_id" bigint NOT NULL,
	"name" text NOT NULL,
	"trigger" smallint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"conditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_rules_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "automation_timers" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "automation_timers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"timed_event_id" bigint NOT NULL,
	"fire_at" timestamp with time zone NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "automation_timers_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "notify_robots" (
	"enterprise_id" bigint PRIMARY KEY NOT NULL,
	"robot_type" smallint DEFAULT 1 NOT NULL,
	"robot_url" text DEFAULT '' NOT NULL,
	"robot_secret" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_settings" (
	"enterprise_id" bigint NOT NULL,
	"event" smallint NOT NULL,
	"channels" text[] DEFAULT '{}'::text[] NOT NULL,
	"template" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notify_settings_enterprise_id_event_pk" PRIMARY KEY("enterprise_id","event")
);
--> statement-breakpoint
CREATE TABLE "timed_events" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "timed_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"template_id" bigint NOT NULL,
	"name" text NOT NULL,
	"trigger" smallint NOT NULL,
	"amount" integer NOT NULL,
	"unit" smallint NOT NULL,
	"condition" smallint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"conditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timed_events_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "webhook_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" smallint DEFAULT 1 NOT NULL,
	"order_id" bigint,
	"rule_id" bigint,
	"url" text NOT NULL,
	"secret" text DEFAULT '' NOT NULL,
	"robot_type" smallint,
	"body" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_code" integer,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_list_settings" (
	"enterprise_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"columns" text[] NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_list_settings_enterprise_id_template_id_pk" PRIMARY KEY("enterprise_id","template_id")
);
--> statement-breakpoint
CREATE TABLE "process_versions" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "process_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"template_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"process" jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "process_versions_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "dispatch_rules" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "dispatch_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" smallint NOT NULL,
	"template_id" bigint,
	"area_code" text,
	"group_id" bigint,
	"category" text,
	"target_type" smallint NOT NULL,
	"target_user_id" bigint,
	"target_group_id" bigint,
	"target_provider_id" bigint,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispatch_rules_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "dispatch_settings" (
	"enterprise_id" bigint NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"target_type" smallint DEFAULT 4 NOT NULL,
	"target_user_id" bigint,
	"target_group_id" bigint,
	"target_provider_id" bigint,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispatch_settings_enterprise_id_pk" PRIMARY KEY("enterprise_id")
);
--> statement-breakpoint
CREATE TABLE "goods_order_items" (
	"enterprise_id" bigint NOT NULL,
	"goods_order_id" bigint NOT NULL,
	"line" smallint NOT NULL,
	"spare_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"serials" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "goods_order_items_enterprise_id_goods_order_id_line_pk" PRIMARY KEY("enterprise_id","goods_order_id","line")
);
--> statement-breakpoint
CREATE TABLE "goods_orders" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "goods_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"state" smallint DEFAULT 2 NOT NULL,
	"applicant_id" bigint NOT NULL,
	"warehouse_id" bigint,
	"order_id" bigint,
	"payment_method" smallint,
	"paid_at" timestamp with time zone,
	"address" text DEFAULT '' NOT NULL,
	"logistics" text,
	"tracking_no" text,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_orders_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "goods_payments" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "goods_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"goods_order_id" bigint NOT NULL,
	"payment_no" text NOT NULL,
	"method" smallint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"pay_url" text DEFAULT '' NOT NULL,
	"trade_no" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"queried_at" timestamp with time zone,
	"refund_no" text,
	"refunded_at" timestamp with time zone,
	"refund_error" text,
	CONSTRAINT "goods_payments_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "old_part_returns" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "old_part_returns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint,
	"order_part_id" bigint,
	"spare_id" bigint NOT NULL,
	"serial" text,
	"return_type" smallint DEFAULT 1 NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"holder_id" bigint,
	"warehouse_id" bigint,
	"due_at" timestamp with time zone NOT NULL,
	"logistics" text,
	"tracking_no" text,
	"address" text,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "old_part_returns_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_parts" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_parts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"spare_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"serial_in" text,
	"serial_out" text,
	"chargeable" boolean NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_parts_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "spare_doc_items" (
	"enterprise_id" bigint NOT NULL,
	"doc_id" bigint NOT NULL,
	"line" smallint NOT NULL,
	"spare_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"serials" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "spare_doc_items_enterprise_id_doc_id_line_pk" PRIMARY KEY("enterprise_id","doc_id","line")
);
--> statement-breakpoint
CREATE TABLE "spare_docs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "spare_docs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" smallint NOT NULL,
	"doc_no" text NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"from_warehouse_id" bigint,
	"to_warehouse_id" bigint,
	"transfer_type" smallint,
	"order_id" bigint,
	"applicant_id" bigint NOT NULL,
	"approver_id" bigint,
	"approved_at" timestamp with time zone,
	"logistics" text,
	"tracking_no" text,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spare_docs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "spare_state_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "spare_state_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"record_id" bigint NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"changed" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spare_state_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "spare_types" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "spare_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"parent_id" bigint,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spare_types_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "spare_units" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "spare_units_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"spare_id" bigint NOT NULL,
	"serial" text NOT NULL,
	"place" smallint NOT NULL,
	"warehouse_id" bigint,
	"installed_product_id" bigint,
	"order_id" bigint,
	"doc_id" bigint,
	"goods_order_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spare_units_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id"),
	CONSTRAINT "spare_units_place_ck" CHECK ("spare_units"."place" between 1 and 6 and ("spare_units"."place" = 1) = ("spare_units"."warehouse_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "spares" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "spares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT '个' NOT NULL,
	"type_id" bigint,
	"cost_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"sale_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"warranty" boolean DEFAULT true NOT NULL,
	"serialized" boolean DEFAULT false NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_ids" bigint[] DEFAULT '{}' NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spares_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "stock_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "stock_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"warehouse_id" bigint NOT NULL,
	"spare_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"change" integer NOT NULL,
	"before" integer NOT NULL,
	"after" integer NOT NULL,
	"doc_kind" text,
	"doc_id" bigint,
	"order_id" bigint,
	"serial_in" text,
	"serial_out" text,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id"),
	CONSTRAINT "stock_logs_sum_ck" CHECK ("stock_logs"."after" = "stock_logs"."before" + "stock_logs"."change" and "stock_logs"."after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stocks" (
	"enterprise_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"spare_id" bigint NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"safety" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stocks_enterprise_id_warehouse_id_spare_id_pk" PRIMARY KEY("enterprise_id","warehouse_id","spare_id"),
	CONSTRAINT "stocks_quantity_ck" CHECK ("stocks"."quantity" >= 0 and "stocks"."reserved" >= 0 and "stocks"."reserved" <= "stocks"."quantity")
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "warehouses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" smallint NOT NULL,
	"owner_id" bigint,
	"provider_id" bigint,
	"keeper_id" bigint,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouses_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "project_contracts" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "project_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"contract_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_contracts_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "project_files" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "project_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"upload_id" bigint NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_files_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "project_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "project_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"changed" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "project_messages" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "project_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"user_id" bigint,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_messages_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "project_products" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "project_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"product_model_id" bigint,
	"name" text NOT NULL,
	"model" text,
	"quantity" numeric(14, 2) DEFAULT '1' NOT NULL,
	"sale_contract_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_products_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "project_stages" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "project_stages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "project_stages_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "project_task_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "project_task_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"task_id" bigint NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"changed" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_task_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "project_tasks" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "project_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"stage_id" bigint NOT NULL,
	"name" text NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"principal_id" bigint,
	"coordination_user_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"need_approval" boolean DEFAULT false NOT NULL,
	"approver_id" bigint,
	"remind" boolean DEFAULT false NOT NULL,
	"remind_hours" integer DEFAULT 24 NOT NULL,
	"reminded_at" timestamp with time zone,
	"plan_start" timestamp with time zone,
	"plan_end" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"finished_by" bigint,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_tasks_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "project_tmpl_settings" (
	"enterprise_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"create_approval" boolean DEFAULT false NOT NULL,
	"create_approver_id" bigint,
	"finish_approval" boolean DEFAULT false NOT NULL,
	"finish_approver_id" bigint,
	"manager_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_tmpl_settings_enterprise_id_template_id_pk" PRIMARY KEY("enterprise_id","template_id")
);
--> statement-breakpoint
CREATE TABLE "project_tmpl_stages" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "project_tmpl_stages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"template_id" bigint NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "project_tmpl_stages_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "project_tmpl_tasks" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "project_tmpl_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"template_id" bigint NOT NULL,
	"stage_id" bigint NOT NULL,
	"name" text NOT NULL,
	"principal_id" bigint,
	"coordination_user_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"duration_days" integer DEFAULT 1 NOT NULL,
	"need_approval" boolean DEFAULT false NOT NULL,
	"approver_id" bigint,
	"remind" boolean DEFAULT false NOT NULL,
	"remind_hours" integer DEFAULT 24 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "project_tmpl_tasks_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_no" text NOT NULL,
	"name" text NOT NULL,
	"customer_id" bigint,
	"template_id" bigint NOT NULL,
	"template_version_id" bigint,
	"ext" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" smallint NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"approval" text,
	"create_approver_id" bigint,
	"finish_approver_id" bigint,
	"progress_speed" smallint DEFAULT 0 NOT NULL,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finish_time" timestamp with time zone,
	"copied_from" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_grams" text[] GENERATED ALWAYS AS (regexp_split_to_array(lower(name || ' ' || project_no), '') || regexp_split_to_array(regexp_replace(lower(name || ' ' || project_no), '(..)', '\1' || chr(1), 'g'), chr(1)) || regexp_split_to_array(regexp_replace(substr(lower(name || ' ' || project_no), 2), '(..)', '\1' || chr(1), 'g'), chr(1))) STORED,
	CONSTRAINT "projects_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "pool_entries" (
	"enterprise_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"rule_id" bigint,
	"pooled_by" bigint,
	"pooled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pool_entries_enterprise_id_order_id_pk" PRIMARY KEY("enterprise_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "pool_profiles" (
	"enterprise_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"area_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"base_lat" double precision,
	"base_lng" double precision,
	"radius_m" integer,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"daily_cap" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pool_profiles_enterprise_id_user_id_pk" PRIMARY KEY("enterprise_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "pool_rules" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "pool_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"template_id" bigint,
	"province_code" text,
	"city_code" text,
	"district_code" text,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pool_rules_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_sla_clocks" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_sla_clocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"policy_id" bigint,
	"policy_name" text NOT NULL,
	"type" smallint NOT NULL,
	"target_ms" bigint DEFAULT 0 NOT NULL,
	"warn_ms" bigint DEFAULT 0 NOT NULL,
	"business" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"consumed_ms" bigint DEFAULT 0 NOT NULL,
	"running_since" timestamp with time zone,
	"paused_since" timestamp with time zone,
	"paused_ms" bigint DEFAULT 0 NOT NULL,
	"stopped_at" timestamp with time zone,
	"outcome" smallint DEFAULT 0 NOT NULL,
	"deadline_at" timestamp with time zone,
	"warn_at" timestamp with time zone,
	"warned_at" timestamp with time zone,
	"breached_at" timestamp with time zone,
	"escalation_level" smallint DEFAULT 0 NOT NULL,
	"next_escalation_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_sla_clocks_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "sla_calendars" (
	"enterprise_id" bigint PRIMARY KEY NOT NULL,
	"weekdays" smallint[] NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	"holidays" text[] DEFAULT '{}'::text[] NOT NULL,
	"workdays" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sla_policies" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sla_policies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sla_policies_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "event_sla_clocks" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "event_sla_clocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"target_ms" bigint DEFAULT 0 NOT NULL,
	"warn_ms" bigint DEFAULT 0 NOT NULL,
	"business" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"consumed_ms" bigint DEFAULT 0 NOT NULL,
	"running_since" timestamp with time zone,
	"paused_since" timestamp with time zone,
	"paused_ms" bigint DEFAULT 0 NOT NULL,
	"stopped_at" timestamp with time zone,
	"outcome" smallint DEFAULT 0 NOT NULL,
	"deadline_at" timestamp with time zone,
	"warn_at" timestamp with time zone,
	"warned_at" timestamp with time zone,
	"breached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_sla_clocks_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "event_sla_settings" (
	"enterprise_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"config" jsonb NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_sla_settings_enterprise_id_template_id_pk" PRIMARY KEY("enterprise_id","template_id")
);
--> statement-breakpoint
CREATE TABLE "order_day_counts" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_day_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"state" smallint NOT NULL,
	"invalid" boolean NOT NULL,
	"abnormal_kind" smallint,
	"n" bigint NOT NULL,
	CONSTRAINT "order_day_counts_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_state_counts" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_state_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"state" smallint NOT NULL,
	"invalid" boolean NOT NULL,
	"in_pool" boolean DEFAULT false NOT NULL,
	"abnormal_kind" smallint,
	"n" bigint NOT NULL,
	CONSTRAINT "order_state_counts_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "approval_delegations" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "approval_delegations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"delegate_id" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_delegations_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id"),
	CONSTRAINT "approval_delegations_window_ck" CHECK (ends_at > starts_at)
);
--> statement-breakpoint
CREATE TABLE "approval_flow_versions" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "approval_flow_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"flow_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"steps" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_flow_versions_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "approval_flows" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "approval_flows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"min_amount" numeric(14, 2),
	"max_amount" numeric(14, 2),
	"doc_types" integer[] DEFAULT '{}' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"steps" jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_flows_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "approval_instances" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "approval_instances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"doc_id" bigint NOT NULL,
	"doc_no" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"amount" numeric(14, 2),
	"doc_type" integer,
	"applicant_id" bigint NOT NULL,
	"responsible_id" bigint,
	"provider_id" bigint,
	"flow_id" bigint NOT NULL,
	"flow_version" integer NOT NULL,
	"steps" jsonb NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"rev" integer DEFAULT 0 NOT NULL,
	"last_act" jsonb,
	"link" text DEFAULT '' NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_instances_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id"),
	CONSTRAINT "approval_instances_state_ck" CHECK (state in (0, 1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "approval_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "approval_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"instance_id" bigint NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"changed" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "approval_tasks" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "approval_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"instance_id" bigint NOT NULL,
	"step" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"decision" smallint,
	"acted_by" bigint,
	"comment" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_tasks_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "department_heads" (
	"enterprise_id" bigint NOT NULL,
	"dept_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "department_heads_enterprise_id_dept_id_pk" PRIMARY KEY("enterprise_id","dept_id")
);
--> statement-breakpoint
CREATE TABLE "role_powers" (
	"enterprise_id" bigint NOT NULL,
	"role" smallint NOT NULL,
	"added" text[] DEFAULT '{}'::text[] NOT NULL,
	"removed" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_powers_enterprise_id_role_pk" PRIMARY KEY("enterprise_id","role")
);
--> statement-breakpoint
CREATE TABLE "return_visit_candidates" (
	"enterprise_id" bigint NOT NULL,
	"visit_type" smallint DEFAULT 1 NOT NULL,
	"record_id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_visit_candidates_enterprise_id_visit_type_record_id_pk" PRIMARY KEY("enterprise_id","visit_type","record_id")
);
--> statement-breakpoint
CREATE TABLE "return_visit_day_stats" (
	"enterprise_id" bigint NOT NULL,
	"day" date NOT NULL,
	"plan_id" bigint NOT NULL,
	"visit_type" smallint NOT NULL,
	"engineer_id" bigint DEFAULT 0 NOT NULL,
	"service_group_id" bigint DEFAULT 0 NOT NULL,
	"template_id" bigint DEFAULT 0 NOT NULL,
	"state" smallint NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"s0" numeric DEFAULT '0' NOT NULL,
	"c0" integer DEFAULT 0 NOT NULL,
	"s1" numeric DEFAULT '0' NOT NULL,
	"c1" integer DEFAULT 0 NOT NULL,
	"s2" numeric DEFAULT '0' NOT NULL,
	"c2" integer DEFAULT 0 NOT NULL,
	"s3" numeric DEFAULT '0' NOT NULL,
	"c3" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "return_visit_day_stats_pk" PRIMARY KEY("enterprise_id","day","plan_id","visit_type","engineer_id","service_group_id","template_id","state","reason")
);
--> statement-breakpoint
CREATE TABLE "return_visit_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "return_visit_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"task_id" bigint NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"changed" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_visit_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "return_visit_plans" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "return_visit_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"visit_type" smallint DEFAULT 1 NOT NULL,
	"template_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"delay_minutes" integer DEFAULT 0 NOT NULL,
	"sample_percent" smallint DEFAULT 100 NOT NULL,
	"min_interval_days" integer DEFAULT 0 NOT NULL,
	"dimensions" smallint[] DEFAULT '{0,1,2,3}'::smallint[] NOT NULL,
	"form_template_id" bigint,
	"visitor_mode" smallint DEFAULT 1 NOT NULL,
	"visitor_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"rotation" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "return_visit_plans_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "return_visit_tasks" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "return_visit_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"plan_id" bigint NOT NULL,
	"visit_type" smallint DEFAULT 1 NOT NULL,
	"record_id" bigint NOT NULL,
	"order_id" bigint,
	"customer_id" bigint,
	"template_id" bigint,
	"service_group_id" bigint,
	"engineer_id" bigint,
	"visitor_id" bigint,
	"state" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"order_no" text NOT NULL,
	"order_title" text NOT NULL,
	"customer_name" text NOT NULL,
	"search_grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"channel" smallint,
	"scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"comment" text,
	"ext" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"form_version_id" bigint,
	"reason" text,
	"next_visit_at" timestamp with time zone,
	"visited_at" timestamp with time zone,
	"call_seconds" integer DEFAULT 0 NOT NULL,
	"follow_up_order_id" bigint,
	"sms_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_visit_tasks_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "return_visit_tokens" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "return_visit_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"task_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_visit_tokens_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "fee_standards" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fee_standards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"template_id" bigint,
	"product_category" text,
	"region_code" text,
	"region_name" text,
	"distance_from_km" integer DEFAULT 0 NOT NULL,
	"distance_to_km" integer,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"remark" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_standards_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "provider_order_fees" (
	"enterprise_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"provider_id" bigint NOT NULL,
	"standard_id" bigint,
	"base_cents" bigint DEFAULT 0 NOT NULL,
	"coefficient_pct" integer DEFAULT 100 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"distance_m" integer,
	"priced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_order_fees_enterprise_id_order_id_pk" PRIMARY KEY("enterprise_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "settlement_lines" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "settlement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"settlement_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"order_id" bigint,
	"claim_id" bigint,
	"reward_id" bigint,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"original_cents" bigint DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"dispute_state" smallint DEFAULT 0 NOT NULL,
	"dispute_reason" text,
	"resolution" text,
	"disputed_by" bigint,
	"resolved_by" bigint,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "settlement_lines_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "settlement_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "settlement_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"settlement_id" bigint NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"changed" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"settle_no" text NOT NULL,
	"provider_id" bigint NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"created_by" bigint,
	"issued_by" bigint,
	"issued_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "complaint_day_stats" (
	"enterprise_id" bigint NOT NULL,
	"dim" smallint NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"provider_id" bigint DEFAULT 0 NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "complaint_day_stats_pk" PRIMARY KEY("enterprise_id","dim","day","key","provider_id")
);
--> statement-breakpoint
CREATE TABLE "complaint_level_targets" (
	"enterprise_id" bigint NOT NULL,
	"level" text NOT NULL,
	"response_minutes" integer NOT NULL,
	"resolve_minutes" integer NOT NULL,
	"business" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_level_targets_enterprise_id_level_pk" PRIMARY KEY("enterprise_id","level")
);
--> statement-breakpoint
CREATE TABLE "complaint_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "complaint_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"complaint_id" bigint NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"changed" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "complaint_serial_stats" (
	"enterprise_id" bigint NOT NULL,
	"serial" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "complaint_serial_stats_pk" PRIMARY KEY("enterprise_id","serial")
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "complaints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"complaint_no" text NOT NULL,
	"source_type" smallint NOT NULL,
	"order_id" bigint,
	"event_id" bigint,
	"visit_task_id" bigint,
	"customer_id" bigint,
	"customer_name" text,
	"installed_product_id" bigint,
	"product_model_id" bigint,
	"serial_number" text,
	"engineer_id" bigint,
	"provider_id" bigint,
	"handler_id" bigint,
	"title" text NOT NULL,
	"content" text,
	"complainant" text,
	"phone" text,
	"level" text NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"responsibility" text,
	"analysis_unit" text,
	"sales_unit" text,
	"place_of_use" text,
	"fault_mode_id" bigint,
	"cause_analysis" text,
	"resolution" text,
	"cost_parts" bigint DEFAULT 0 NOT NULL,
	"cost_labour" bigint DEFAULT 0 NOT NULL,
	"cost_compensation" bigint DEFAULT 0 NOT NULL,
	"reopen_count" integer DEFAULT 0 NOT NULL,
	"resolve_started_at" timestamp with time zone,
	"response_due_at" timestamp with time zone,
	"resolve_due_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"search_grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "fault_modes" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fault_modes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"category" text DEFAULT '' NOT NULL,
	"parent_id" bigint,
	"level" smallint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fault_modes_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_fault_modes" (
	"enterprise_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"fault_mode_id" bigint NOT NULL,
	"set_by" bigint,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_fault_modes_enterprise_id_order_id_pk" PRIMARY KEY("enterprise_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "complaint_sla_clocks" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "complaint_sla_clocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"complaint_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"target_ms" bigint DEFAULT 0 NOT NULL,
	"warn_ms" bigint DEFAULT 0 NOT NULL,
	"business" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"consumed_ms" bigint DEFAULT 0 NOT NULL,
	"running_since" timestamp with time zone,
	"paused_since" timestamp with time zone,
	"paused_ms" bigint DEFAULT 0 NOT NULL,
	"stopped_at" timestamp with time zone,
	"outcome" smallint DEFAULT 0 NOT NULL,
	"deadline_at" timestamp with time zone,
	"warn_at" timestamp with time zone,
	"warned_at" timestamp with time zone,
	"breached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_sla_clocks_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "exchange_order_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "exchange_order_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"exchange_id" bigint NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"changed" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_order_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "exchange_orders" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "exchange_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"exchange_no" text NOT NULL,
	"kind" smallint NOT NULL,
	"source_type" smallint NOT NULL,
	"complaint_id" bigint,
	"order_id" bigint,
	"repair_id" bigint,
	"customer_id" bigint,
	"customer_name" text,
	"installed_product_id" bigint,
	"product_model_id" bigint,
	"provider_id" bigint,
	"serial_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"reason" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"remark" text,
	"replacement_serial" text,
	"stock_moved_at" timestamp with time zone,
	"state" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"applicant_id" bigint NOT NULL,
	"decider_id" bigint,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_orders_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "repair_order_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "repair_order_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"repair_id" bigint NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"changed" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repair_order_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "repair_orders" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "repair_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"repair_no" text NOT NULL,
	"source_type" smallint NOT NULL,
	"complaint_id" bigint,
	"order_id" bigint,
	"visit_task_id" bigint,
	"customer_id" bigint,
	"customer_name" text,
	"installed_product_id" bigint,
	"product_model_id" bigint,
	"serial_number" text NOT NULL,
	"provider_id" bigint,
	"fault" text NOT NULL,
	"in_carrier" text,
	"in_waybill" text,
	"out_carrier" text,
	"out_waybill" text,
	"result" text,
	"unable_reason" text,
	"remark" text,
	"cost" bigint DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"warehouse_id" bigint,
	"spare_id" bigint,
	"received_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repair_orders_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "fee_claim_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fee_claim_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"claim_id" bigint NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"changed" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_claim_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "fee_claims" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fee_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"claim_no" text NOT NULL,
	"order_id" bigint NOT NULL,
	"provider_id" bigint NOT NULL,
	"applicant_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"claimed_m" integer,
	"computed_m" integer,
	"computed_cents" bigint DEFAULT 0 NOT NULL,
	"tolerance_pct" integer NOT NULL,
	"over_tolerance" boolean DEFAULT false NOT NULL,
	"note" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"check_state" smallint DEFAULT 0 NOT NULL,
	"check_choice" smallint,
	"check_reason" text,
	"check_note" text,
	"checked_by" bigint,
	"checked_at" timestamp with time zone,
	"final_cents" bigint DEFAULT 0 NOT NULL,
	"payable_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_claims_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "case_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "case_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"case_id" bigint NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"changed" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"case_no" text NOT NULL,
	"source" smallint NOT NULL,
	"order_id" bigint,
	"converted_order_id" bigint,
	"dealer_name" text,
	"customer_id" bigint,
	"installed_product_id" bigint,
	"product_model_id" bigint,
	"fault_mode_id" bigint,
	"provider_id" bigint,
	"title" text NOT NULL,
	"description" text,
	"remedy" text,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photos" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"scope" smallint,
	"version" integer DEFAULT 0 NOT NULL,
	"search_grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "cases_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "kb_article_versions" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "kb_article_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"article_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"category_id" bigint NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"body" text NOT NULL,
	"visibility" smallint NOT NULL,
	"product_model_id" bigint,
	"fault_mode_id" bigint,
	"attachments" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"edited_by" bigint,
	"edited_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kb_article_versions_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "kb_articles" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "kb_articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"category_id" bigint NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"body" text NOT NULL,
	"visibility" smallint DEFAULT 1 NOT NULL,
	"product_model_id" bigint,
	"fault_mode_id" bigint,
	"attachments" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"search_grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kb_articles_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "kb_categories" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "kb_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kb_categories_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "reward_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "reward_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reward_id" bigint NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"changed" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reward_no" text NOT NULL,
	"provider_id" bigint NOT NULL,
	"order_id" bigint,
	"kind" smallint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cause_type" smallint DEFAULT 0 NOT NULL,
	"cause_id" bigint,
	"state" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"submitted_by" bigint,
	"submitted_at" timestamp with time zone,
	"decided_by" bigint,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rewards_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "quotation_lines" (
	"enterprise_id" bigint NOT NULL,
	"quotation_id" bigint NOT NULL,
	"line" smallint NOT NULL,
	"kind" smallint NOT NULL,
	"item_id" bigint,
	"name" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cents" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"cover_reason" text,
	CONSTRAINT "quotation_lines_enterprise_id_quotation_id_line_pk" PRIMARY KEY("enterprise_id","quotation_id","line")
);
--> statement-breakpoint
CREATE TABLE "quotation_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "quotation_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"quotation_id" bigint NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"changed" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotation_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "quotation_versions" (
	"enterprise_id" bigint NOT NULL,
	"quotation_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"state" smallint NOT NULL,
	"action" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotation_versions_enterprise_id_quotation_id_version_pk" PRIMARY KEY("enterprise_id","quotation_id","version")
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "quotations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"quote_no" text NOT NULL,
	"title" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"installed_product_id" bigint,
	"order_id" bigint,
	"warehouse_id" bigint,
	"held_warehouse_id" bigint,
	"valid_until" date NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"discount_state" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"sales_id" bigint NOT NULL,
	"accepted_name" text,
	"accepted_user_id" bigint,
	"signature_file_id" text,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotations_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "warranty_extension_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "warranty_extension_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"extension_id" bigint NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"changed" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warranty_extension_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "warranty_extensions" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "warranty_extensions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ext_no" text NOT NULL,
	"installed_product_id" bigint NOT NULL,
	"customer_id" bigint,
	"period" integer NOT NULL,
	"unit" smallint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" bigint NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warranty_extensions_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "cycle_plan_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cycle_plan_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"plan_id" bigint NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"changed" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cycle_plan_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "cycle_plan_orders" (
	"enterprise_id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"due_date" date NOT NULL,
	"nominal_date" date NOT NULL,
	"order_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cycle_plan_orders_enterprise_id_plan_id_due_date_pk" PRIMARY KEY("enterprise_id","plan_id","due_date")
);
--> statement-breakpoint
CREATE TABLE "cycle_plans" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cycle_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"template_id" bigint NOT NULL,
	"target_type" smallint NOT NULL,
	"installed_product_id" bigint,
	"contract_id" bigint,
	"customer_id" bigint NOT NULL,
	"start_type" smallint NOT NULL,
	"start_date" date,
	"day_of_period" smallint,
	"end_date" date,
	"remark" text,
	"engineer_id" bigint,
	"state" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"last_due_date" date,
	"last_order_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cycle_plans_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "cycle_templates" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cycle_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"every" integer NOT NULL,
	"unit" smallint NOT NULL,
	"order_type_id" bigint,
	"order_title" text,
	"service_item_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "cycle_templates_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "portal_login_tokens" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "portal_login_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_login_tokens_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "portal_sessions" (
	"enterprise_id" bigint NOT NULL,
	"id" text NOT NULL,
	"account_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"csrf_token" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "portal_sessions_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "portal_uploads" (
	"enterprise_id" bigint NOT NULL,
	"upload_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_uploads_enterprise_id_upload_id_pk" PRIMARY KEY("enterprise_id","upload_id")
);
--> statement-breakpoint
CREATE TABLE "quotation_sign_links" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "quotation_sign_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"quotation_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"mobile" text NOT NULL,
	"name" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotation_sign_links_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "scan_reports" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "scan_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"mobile" text NOT NULL,
	"token_hash" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scan_reports_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "call_event_receipts" (
	"enterprise_id" bigint NOT NULL,
	"call_id" text NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_event_receipts_enterprise_id_call_id_event_pk" PRIMARY KEY("enterprise_id","call_id","event")
);
--> statement-breakpoint
CREATE TABLE "call_record_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "call_record_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"record_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"changed" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_record_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "call_records" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "call_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"call_id" text NOT NULL,
	"direction" smallint NOT NULL,
	"number" text NOT NULL,
	"customer_id" bigint,
	"contact_id" bigint,
	"seat_no" text,
	"user_id" bigint,
	"state" smallint NOT NULL,
	"callback_state" smallint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_s" integer DEFAULT 0 NOT NULL,
	"recording_url" text,
	"event_id" bigint,
	"order_id" bigint,
	"remark" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_records_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "call_seats" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "call_seats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"seat_no" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_seats_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_report_day_stats" (
	"enterprise_id" bigint NOT NULL,
	"report" smallint NOT NULL,
	"axis" smallint NOT NULL,
	"dim" smallint NOT NULL,
	"day" date NOT NULL,
	"k" bigint NOT NULL,
	"a1" numeric DEFAULT '0' NOT NULL,
	"a2" numeric DEFAULT '0' NOT NULL,
	"a3" numeric DEFAULT '0' NOT NULL,
	"a4" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "order_report_day_stats_pk" PRIMARY KEY("enterprise_id","report","axis","dim","day","k")
);
--> statement-breakpoint
CREATE TABLE "order_report_dirty" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_report_dirty_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"axis" smallint NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "order_report_dirty_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "report_queries" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "report_queries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"params" jsonb NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"in_digest" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_queries_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "channel_settings" (
	"enterprise_id" bigint NOT NULL,
	"channel" smallint NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"corp_id" text DEFAULT '' NOT NULL,
	"agent_id" text DEFAULT '' NOT NULL,
	"app_key" text DEFAULT '' NOT NULL,
	"secret_sealed" text DEFAULT '' NOT NULL,
	"msg_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_settings_enterprise_id_channel_pk" PRIMARY KEY("enterprise_id","channel")
);
--> statement-breakpoint
CREATE TABLE "channel_tokens" (
	"enterprise_id" bigint NOT NULL,
	"channel" smallint NOT NULL,
	"kind" text NOT NULL,
	"value_sealed" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "channel_tokens_enterprise_id_channel_kind_pk" PRIMARY KEY("enterprise_id","channel","kind")
);
--> statement-breakpoint
CREATE TABLE "channel_users" (
	"enterprise_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"channel" smallint NOT NULL,
	"platform_user_id" text NOT NULL,
	"msg_on" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_users_enterprise_id_user_id_channel_pk" PRIMARY KEY("enterprise_id","user_id","channel")
);
--> statement-breakpoint
CREATE TABLE "work_messages" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "work_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"notice_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"channel" smallint NOT NULL,
	"platform_user_id" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"link" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_messages_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "plan_drafts" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "plan_drafts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"plan_date" date NOT NULL,
	"source" smallint NOT NULL,
	"user_ids" bigint[] NOT NULL,
	"unplaced" jsonb NOT NULL,
	"estimate" boolean DEFAULT true NOT NULL,
	"travel_label" text NOT NULL,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_drafts_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "plan_proposal_logs" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "plan_proposal_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"proposal_id" bigint NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"changed" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_proposal_logs_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
CREATE TABLE "plan_proposals" (
	"enterprise_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "plan_proposals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"draft_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"moved" smallint DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "plan_proposals_enterprise_id_id_pk" PRIMARY KEY("enterprise_id","id")
);
--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_enterprise_id_parent_id_departments_enterprise_id_id_fk" FOREIGN KEY ("enterprise_id","parent_id") REFERENCES "public"."departments"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_provider_contacts" ADD CONSTRAINT "service_provider_contacts_provider_fk" FOREIGN KEY ("enterprise_id","provider_id") REFERENCES "public"."service_providers"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_enterprise_id_user_id_users_enterprise_id_id_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_enterprise_id_dept_id_departments_enterprise_id_id_fk" FOREIGN KEY ("enterprise_id","dept_id") REFERENCES "public"."departments"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_enterprise_id_provider_id_service_providers_enterprise_id_id_fk" FOREIGN KEY ("enterprise_id","provider_id") REFERENCES "public"."service_providers"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_menus" ADD CONSTRAINT "custom_menus_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_messages" ADD CONSTRAINT "im_messages_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_messages" ADD CONSTRAINT "im_messages_enterprise_id_user_id_users_enterprise_id_id_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_files" ADD CONSTRAINT "export_files_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_files" ADD CONSTRAINT "export_files_enterprise_id_user_id_users_enterprise_id_id_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_tokens" ADD CONSTRAINT "upload_tokens_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_tokens" ADD CONSTRAINT "upload_tokens_enterprise_id_user_id_users_enterprise_id_id_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_enterprise_id_created_by_users_enterprise_id_id_fk" FOREIGN KEY ("enterprise_id","created_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_group_members" ADD CONSTRAINT "service_group_members_enterprise_id_group_id_service_groups_enterprise_id_id_fk" FOREIGN KEY ("enterprise_id","group_id") REFERENCES "public"."service_groups"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_group_members" ADD CONSTRAINT "service_group_members_enterprise_id_user_id_users_enterprise_id_id_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_groups" ADD CONSTRAINT "service_groups_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_groups" ADD CONSTRAINT "service_groups_enterprise_id_leader_id_users_enterprise_id_id_fk" FOREIGN KEY ("enterprise_id","leader_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_links" ADD CONSTRAINT "tag_links_tag_fk" FOREIGN KEY ("enterprise_id","tag_id") REFERENCES "public"."tags"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dict_items" ADD CONSTRAINT "dict_items_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_logs" ADD CONSTRAINT "announcement_logs_record_fk" FOREIGN KEY ("enterprise_id","announcement_id") REFERENCES "public"."announcements"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_publisher_fk" FOREIGN KEY ("enterprise_id","publisher_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_items" ADD CONSTRAINT "subscription_items_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_items" ADD CONSTRAINT "subscription_items_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_log" ADD CONSTRAINT "operation_log_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_log" ADD CONSTRAINT "operation_log_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_points" ADD CONSTRAINT "page_points_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_points" ADD CONSTRAINT "page_points_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_logs" ADD CONSTRAINT "contract_logs_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_customer_fk" FOREIGN KEY ("enterprise_id","customer_id") REFERENCES "public"."customers"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_contacts" ADD CONSTRAINT "customer_contacts_customer_fk" FOREIGN KEY ("enterprise_id","customer_id") REFERENCES "public"."customers"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_permissions" ADD CONSTRAINT "customer_permissions_customer_fk" FOREIGN KEY ("enterprise_id","customer_id") REFERENCES "public"."customers"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_permissions" ADD CONSTRAINT "customer_permissions_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_business_user_fk" FOREIGN KEY ("enterprise_id","business_user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_service_group_fk" FOREIGN KEY ("enterprise_id","service_group_id") REFERENCES "public"."service_groups"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_created_by_fk" FOREIGN KEY ("enterprise_id","created_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_template_version_fk" FOREIGN KEY ("enterprise_id","template_version_id") REFERENCES "public"."form_template_versions"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_accounts" ADD CONSTRAINT "home_accounts_customer_fk" FOREIGN KEY ("enterprise_id","customer_id") REFERENCES "public"."customers"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_accounts" ADD CONSTRAINT "home_accounts_contact_fk" FOREIGN KEY ("enterprise_id","link_person_id") REFERENCES "public"."customer_contacts"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_accounts" ADD CONSTRAINT "home_accounts_created_by_fk" FOREIGN KEY ("enterprise_id","created_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installed_products" ADD CONSTRAINT "installed_products_model_fk" FOREIGN KEY ("enterprise_id","product_id") REFERENCES "public"."product_models"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installed_products" ADD CONSTRAINT "installed_products_customer_fk" FOREIGN KEY ("enterprise_id","customer_id") REFERENCES "public"."customers"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installed_products" ADD CONSTRAINT "installed_products_address_fk" FOREIGN KEY ("enterprise_id","address_id") REFERENCES "public"."customer_addresses"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installed_products" ADD CONSTRAINT "installed_products_created_by_fk" FOREIGN KEY ("enterprise_id","created_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installed_products" ADD CONSTRAINT "installed_products_template_version_fk" FOREIGN KEY ("enterprise_id","template_version_id") REFERENCES "public"."form_template_versions"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintain_contract_products" ADD CONSTRAINT "maintain_contract_products_contract_fk" FOREIGN KEY ("enterprise_id","contract_id") REFERENCES "public"."maintain_contracts"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintain_contract_products" ADD CONSTRAINT "maintain_contract_products_product_fk" FOREIGN KEY ("enterprise_id","installed_product_id") REFERENCES "public"."installed_products"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintain_contracts" ADD CONSTRAINT "maintain_contracts_customer_fk" FOREIGN KEY ("enterprise_id","customer_id") REFERENCES "public"."customers"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintain_contracts" ADD CONSTRAINT "maintain_contracts_created_by_fk" FOREIGN KEY ("enterprise_id","created_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintain_contracts" ADD CONSTRAINT "maintain_contracts_template_version_fk" FOREIGN KEY ("enterprise_id","template_version_id") REFERENCES "public"."form_template_versions"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_models" ADD CONSTRAINT "product_models_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_contract_items" ADD CONSTRAINT "sale_contract_items_contract_fk" FOREIGN KEY ("enterprise_id","contract_id") REFERENCES "public"."sale_contracts"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_contract_items" ADD CONSTRAINT "sale_contract_items_model_fk" FOREIGN KEY ("enterprise_id","product_id") REFERENCES "public"."product_models"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_contracts" ADD CONSTRAINT "sale_contracts_customer_fk" FOREIGN KEY ("enterprise_id","customer_id") REFERENCES "public"."customers"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_contracts" ADD CONSTRAINT "sale_contracts_created_by_fk" FOREIGN KEY ("enterprise_id","created_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_contracts" ADD CONSTRAINT "sale_contracts_template_version_fk" FOREIGN KEY ("enterprise_id","template_version_id") REFERENCES "public"."form_template_versions"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_fields" ADD CONSTRAINT "form_fields_enterprise_id_template_id_form_templates_enterprise_id_id_fk" FOREIGN KEY ("enterprise_id","template_id") REFERENCES "public"."form_templates"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_template_versions" ADD CONSTRAINT "form_template_versions_enterprise_id_template_id_form_templates_enterprise_id_id_fk" FOREIGN KEY ("enterprise_id","template_id") REFERENCES "public"."form_templates"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_items" ADD CONSTRAINT "money_items_enterprise_id_template_id_form_templates_enterprise_id_id_fk" FOREIGN KEY ("enterprise_id","template_id") REFERENCES "public"."form_templates"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_plans" ADD CONSTRAINT "search_plans_enterprise_id_user_id_users_enterprise_id_id_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_configs" ADD CONSTRAINT "table_configs_enterprise_id_user_id_users_enterprise_id_id_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fees" ADD CONSTRAINT "order_fees_order_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fees" ADD CONSTRAINT "order_fees_money_item_fk" FOREIGN KEY ("enterprise_id","money_item_id") REFERENCES "public"."money_items"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fees" ADD CONSTRAINT "order_fees_created_by_fk" FOREIGN KEY ("enterprise_id","created_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_logs" ADD CONSTRAINT "order_logs_record_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_logs" ADD CONSTRAINT "order_logs_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_order_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_op_keys" ADD CONSTRAINT "order_op_keys_order_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_people" ADD CONSTRAINT "order_people_order_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_people" ADD CONSTRAINT "order_people_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_service_items" ADD CONSTRAINT "order_service_items_order_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_service_items" ADD CONSTRAINT "order_service_items_item_fk" FOREIGN KEY ("enterprise_id","service_item_id") REFERENCES "public"."service_items"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_template_fk" FOREIGN KEY ("enterprise_id","template_id") REFERENCES "public"."form_templates"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_template_version_fk" FOREIGN KEY ("enterprise_id","template_version_id") REFERENCES "public"."form_template_versions"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_receipt_version_fk" FOREIGN KEY ("enterprise_id","receipt_version_id") REFERENCES "public"."form_template_versions"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_signature_fk" FOREIGN KEY ("enterprise_id","signature_id") REFERENCES "public"."uploads"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_fk" FOREIGN KEY ("enterprise_id","customer_id") REFERENCES "public"."customers"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_contact_fk" FOREIGN KEY ("enterprise_id","contact_id") REFERENCES "public"."customer_contacts"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_address_fk" FOREIGN KEY ("enterprise_id","address_id") REFERENCES "public"."customer_addresses"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_fk" FOREIGN KEY ("enterprise_id","installed_product_id") REFERENCES "public"."installed_products"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_service_group_fk" FOREIGN KEY ("enterprise_id","service_group_id") REFERENCES "public"."service_groups"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_fk" FOREIGN KEY ("enterprise_id","created_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_salesperson_fk" FOREIGN KEY ("enterprise_id","salesperson_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_acceptor_fk" FOREIGN KEY ("enterprise_id","acceptor_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_dispatcher_fk" FOREIGN KEY ("enterprise_id","dispatcher_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_service_user_fk" FOREIGN KEY ("enterprise_id","service_user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_taken_by_fk" FOREIGN KEY ("enterprise_id","taken_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_return_visitor_fk" FOREIGN KEY ("enterprise_id","return_visitor_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_abnormal_by_fk" FOREIGN KEY ("enterprise_id","abnormal_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deleted_by_fk" FOREIGN KEY ("enterprise_id","deleted_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_create_examiner_fk" FOREIGN KEY ("enterprise_id","create_examine_operator_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_complete_examiner_fk" FOREIGN KEY ("enterprise_id","complete_examine_operator_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_provider_fk" FOREIGN KEY ("enterprise_id","provider_id") REFERENCES "public"."service_providers"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_item_types" ADD CONSTRAINT "service_item_types_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_items" ADD CONSTRAINT "service_items_type_fk" FOREIGN KEY ("enterprise_id","type_id") REFERENCES "public"."service_item_types"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_report_links" ADD CONSTRAINT "order_report_links_order_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_report_links" ADD CONSTRAINT "order_report_links_user_fk" FOREIGN KEY ("enterprise_id","created_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_payment_templates" ADD CONSTRAINT "receive_payment_templates_account_fk" FOREIGN KEY ("enterprise_id","receive_payment_id") REFERENCES "public"."receive_payments"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_payment_templates" ADD CONSTRAINT "receive_payment_templates_template_fk" FOREIGN KEY ("enterprise_id","template_id") REFERENCES "public"."form_templates"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_payments" ADD CONSTRAINT "receive_payments_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_logs" ADD CONSTRAINT "event_logs_record_fk" FOREIGN KEY ("enterprise_id","event_id") REFERENCES "public"."events"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_logs" ADD CONSTRAINT "event_logs_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_messages" ADD CONSTRAINT "event_messages_event_fk" FOREIGN KEY ("enterprise_id","event_id") REFERENCES "public"."events"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_messages" ADD CONSTRAINT "event_messages_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_template_settings" ADD CONSTRAINT "event_template_settings_tpl_fk" FOREIGN KEY ("enterprise_id","template_id") REFERENCES "public"."form_templates"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_template_settings" ADD CONSTRAINT "event_template_settings_user_fk" FOREIGN KEY ("enterprise_id","updated_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_template_fk" FOREIGN KEY ("enterprise_id","template_id") REFERENCES "public"."form_templates"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_template_version_fk" FOREIGN KEY ("enterprise_id","template_version_id") REFERENCES "public"."form_template_versions"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_customer_fk" FOREIGN KEY ("enterprise_id","customer_id") REFERENCES "public"."customers"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_contact_fk" FOREIGN KEY ("enterprise_id","contact_id") REFERENCES "public"."customer_contacts"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_address_fk" FOREIGN KEY ("enterprise_id","address_id") REFERENCES "public"."customer_addresses"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_product_fk" FOREIGN KEY ("enterprise_id","installed_product_id") REFERENCES "public"."installed_products"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_product_model_fk" FOREIGN KEY ("enterprise_id","product_model_id") REFERENCES "public"."product_models"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_service_item_fk" FOREIGN KEY ("enterprise_id","service_item_id") REFERENCES "public"."service_items"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_fk" FOREIGN KEY ("enterprise_id","created_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_dispatcher_fk" FOREIGN KEY ("enterprise_id","dispatcher_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_principal_fk" FOREIGN KEY ("enterprise_id","principal_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_upgrade_user_fk" FOREIGN KEY ("enterprise_id","upgrade_user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_start_user_fk" FOREIGN KEY ("enterprise_id","start_user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_closed_user_fk" FOREIGN KEY ("enterprise_id","closed_user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_complete_user_fk" FOREIGN KEY ("enterprise_id","complete_user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_deleted_by_fk" FOREIGN KEY ("enterprise_id","deleted_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engineer_positions" ADD CONSTRAINT "engineer_positions_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_intervals" ADD CONSTRAINT "time_intervals_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_template_fk" FOREIGN KEY ("enterprise_id","template_id") REFERENCES "public"."form_templates"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_user_fk" FOREIGN KEY ("enterprise_id","created_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_timers" ADD CONSTRAINT "automation_timers_order_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_timers" ADD CONSTRAINT "automation_timers_event_fk" FOREIGN KEY ("enterprise_id","timed_event_id") REFERENCES "public"."timed_events"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_robots" ADD CONSTRAINT "notify_robots_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_settings" ADD CONSTRAINT "notify_settings_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timed_events" ADD CONSTRAINT "timed_events_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timed_events" ADD CONSTRAINT "timed_events_template_fk" FOREIGN KEY ("enterprise_id","template_id") REFERENCES "public"."form_templates"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timed_events" ADD CONSTRAINT "timed_events_user_fk" FOREIGN KEY ("enterprise_id","created_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_list_settings" ADD CONSTRAINT "order_list_settings_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_versions" ADD CONSTRAINT "process_versions_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_versions" ADD CONSTRAINT "process_versions_template_fk" FOREIGN KEY ("enterprise_id","template_id") REFERENCES "public"."form_templates"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_rules" ADD CONSTRAINT "dispatch_rules_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_rules" ADD CONSTRAINT "dispatch_rules_template_fk" FOREIGN KEY ("enterprise_id","template_id") REFERENCES "public"."form_templates"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_rules" ADD CONSTRAINT "dispatch_rules_group_fk" FOREIGN KEY ("enterprise_id","group_id") REFERENCES "public"."service_groups"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_rules" ADD CONSTRAINT "dispatch_rules_user_fk" FOREIGN KEY ("enterprise_id","target_user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_rules" ADD CONSTRAINT "dispatch_rules_target_group_fk" FOREIGN KEY ("enterprise_id","target_group_id") REFERENCES "public"."service_groups"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_rules" ADD CONSTRAINT "dispatch_rules_provider_fk" FOREIGN KEY ("enterprise_id","target_provider_id") REFERENCES "public"."service_providers"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_settings" ADD CONSTRAINT "dispatch_settings_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_settings" ADD CONSTRAINT "dispatch_settings_user_fk" FOREIGN KEY ("enterprise_id","target_user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_settings" ADD CONSTRAINT "dispatch_settings_group_fk" FOREIGN KEY ("enterprise_id","target_group_id") REFERENCES "public"."service_groups"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_settings" ADD CONSTRAINT "dispatch_settings_provider_fk" FOREIGN KEY ("enterprise_id","target_provider_id") REFERENCES "public"."service_providers"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_settings" ADD CONSTRAINT "dispatch_settings_updated_by_fk" FOREIGN KEY ("enterprise_id","updated_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_order_items" ADD CONSTRAINT "goods_order_items_order_fk" FOREIGN KEY ("enterprise_id","goods_order_id") REFERENCES "public"."goods_orders"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_order_items" ADD CONSTRAINT "goods_order_items_spare_fk" FOREIGN KEY ("enterprise_id","spare_id") REFERENCES "public"."spares"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_orders" ADD CONSTRAINT "goods_orders_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_orders" ADD CONSTRAINT "goods_orders_applicant_fk" FOREIGN KEY ("enterprise_id","applicant_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_payments" ADD CONSTRAINT "goods_payments_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_payments" ADD CONSTRAINT "goods_payments_order_fk" FOREIGN KEY ("enterprise_id","goods_order_id") REFERENCES "public"."goods_orders"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "old_part_returns" ADD CONSTRAINT "old_part_returns_spare_fk" FOREIGN KEY ("enterprise_id","spare_id") REFERENCES "public"."spares"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_parts" ADD CONSTRAINT "order_parts_spare_fk" FOREIGN KEY ("enterprise_id","spare_id") REFERENCES "public"."spares"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_doc_items" ADD CONSTRAINT "spare_doc_items_doc_fk" FOREIGN KEY ("enterprise_id","doc_id") REFERENCES "public"."spare_docs"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_doc_items" ADD CONSTRAINT "spare_doc_items_spare_fk" FOREIGN KEY ("enterprise_id","spare_id") REFERENCES "public"."spares"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_docs" ADD CONSTRAINT "spare_docs_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_docs" ADD CONSTRAINT "spare_docs_applicant_fk" FOREIGN KEY ("enterprise_id","applicant_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_types" ADD CONSTRAINT "spare_types_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_units" ADD CONSTRAINT "spare_units_spare_fk" FOREIGN KEY ("enterprise_id","spare_id") REFERENCES "public"."spares"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spares" ADD CONSTRAINT "spares_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spares" ADD CONSTRAINT "spares_type_fk" FOREIGN KEY ("enterprise_id","type_id") REFERENCES "public"."spare_types"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_logs" ADD CONSTRAINT "stock_logs_stock_fk" FOREIGN KEY ("enterprise_id","warehouse_id","spare_id") REFERENCES "public"."stocks"("enterprise_id","warehouse_id","spare_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocks" ADD CONSTRAINT "stocks_warehouse_fk" FOREIGN KEY ("enterprise_id","warehouse_id") REFERENCES "public"."warehouses"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocks" ADD CONSTRAINT "stocks_spare_fk" FOREIGN KEY ("enterprise_id","spare_id") REFERENCES "public"."spares"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_owner_fk" FOREIGN KEY ("enterprise_id","owner_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_keeper_fk" FOREIGN KEY ("enterprise_id","keeper_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_contracts" ADD CONSTRAINT "project_contracts_project_fk" FOREIGN KEY ("enterprise_id","project_id") REFERENCES "public"."projects"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_project_fk" FOREIGN KEY ("enterprise_id","project_id") REFERENCES "public"."projects"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_logs" ADD CONSTRAINT "project_logs_record_fk" FOREIGN KEY ("enterprise_id","project_id") REFERENCES "public"."projects"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_logs" ADD CONSTRAINT "project_logs_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_messages" ADD CONSTRAINT "project_messages_project_fk" FOREIGN KEY ("enterprise_id","project_id") REFERENCES "public"."projects"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_products" ADD CONSTRAINT "project_products_project_fk" FOREIGN KEY ("enterprise_id","project_id") REFERENCES "public"."projects"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_stages" ADD CONSTRAINT "project_stages_project_fk" FOREIGN KEY ("enterprise_id","project_id") REFERENCES "public"."projects"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_task_logs" ADD CONSTRAINT "project_task_logs_record_fk" FOREIGN KEY ("enterprise_id","task_id") REFERENCES "public"."project_tasks"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_task_logs" ADD CONSTRAINT "project_task_logs_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tasks" ADD CONSTRAINT "project_tasks_project_fk" FOREIGN KEY ("enterprise_id","project_id") REFERENCES "public"."projects"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tasks" ADD CONSTRAINT "project_tasks_stage_fk" FOREIGN KEY ("enterprise_id","stage_id") REFERENCES "public"."project_stages"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tasks" ADD CONSTRAINT "project_tasks_principal_fk" FOREIGN KEY ("enterprise_id","principal_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tasks" ADD CONSTRAINT "project_tasks_approver_fk" FOREIGN KEY ("enterprise_id","approver_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tasks" ADD CONSTRAINT "project_tasks_finished_by_fk" FOREIGN KEY ("enterprise_id","finished_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tmpl_settings" ADD CONSTRAINT "project_tmpl_settings_tmpl_fk" FOREIGN KEY ("enterprise_id","template_id") REFERENCES "public"."form_templates"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tmpl_settings" ADD CONSTRAINT "project_tmpl_settings_create_fk" FOREIGN KEY ("enterprise_id","create_approver_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tmpl_settings" ADD CONSTRAINT "project_tmpl_settings_finish_fk" FOREIGN KEY ("enterprise_id","finish_approver_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tmpl_stages" ADD CONSTRAINT "project_tmpl_stages_tmpl_fk" FOREIGN KEY ("enterprise_id","template_id") REFERENCES "public"."form_templates"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tmpl_tasks" ADD CONSTRAINT "project_tmpl_tasks_stage_fk" FOREIGN KEY ("enterprise_id","stage_id") REFERENCES "public"."project_tmpl_stages"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tmpl_tasks" ADD CONSTRAINT "project_tmpl_tasks_principal_fk" FOREIGN KEY ("enterprise_id","principal_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tmpl_tasks" ADD CONSTRAINT "project_tmpl_tasks_approver_fk" FOREIGN KEY ("enterprise_id","approver_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_template_fk" FOREIGN KEY ("enterprise_id","template_id") REFERENCES "public"."form_templates"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_template_version_fk" FOREIGN KEY ("enterprise_id","template_version_id") REFERENCES "public"."form_template_versions"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_customer_fk" FOREIGN KEY ("enterprise_id","customer_id") REFERENCES "public"."customers"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_fk" FOREIGN KEY ("enterprise_id","created_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_create_approver_fk" FOREIGN KEY ("enterprise_id","create_approver_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_finish_approver_fk" FOREIGN KEY ("enterprise_id","finish_approver_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_entries" ADD CONSTRAINT "pool_entries_order_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_profiles" ADD CONSTRAINT "pool_profiles_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_rules" ADD CONSTRAINT "pool_rules_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_rules" ADD CONSTRAINT "pool_rules_template_fk" FOREIGN KEY ("enterprise_id","template_id") REFERENCES "public"."form_templates"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sla_clocks" ADD CONSTRAINT "order_sla_clocks_order_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_calendars" ADD CONSTRAINT "sla_calendars_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_policies" ADD CONSTRAINT "sla_policies_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_sla_clocks" ADD CONSTRAINT "event_sla_clocks_event_fk" FOREIGN KEY ("enterprise_id","event_id") REFERENCES "public"."events"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_sla_settings" ADD CONSTRAINT "event_sla_settings_tpl_fk" FOREIGN KEY ("enterprise_id","template_id") REFERENCES "public"."form_templates"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_day_counts" ADD CONSTRAINT "order_day_counts_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_delegate_fk" FOREIGN KEY ("enterprise_id","delegate_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_flow_versions" ADD CONSTRAINT "approval_flow_versions_flow_fk" FOREIGN KEY ("enterprise_id","flow_id") REFERENCES "public"."approval_flows"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_flows" ADD CONSTRAINT "approval_flows_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_instances" ADD CONSTRAINT "approval_instances_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_tasks" ADD CONSTRAINT "approval_tasks_instance_fk" FOREIGN KEY ("enterprise_id","instance_id") REFERENCES "public"."approval_instances"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_heads" ADD CONSTRAINT "department_heads_dept_fk" FOREIGN KEY ("enterprise_id","dept_id") REFERENCES "public"."departments"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_heads" ADD CONSTRAINT "department_heads_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_powers" ADD CONSTRAINT "role_powers_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_visit_candidates" ADD CONSTRAINT "return_visit_candidates_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_visit_day_stats" ADD CONSTRAINT "return_visit_day_stats_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_visit_plans" ADD CONSTRAINT "return_visit_plans_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_visit_tasks" ADD CONSTRAINT "return_visit_tasks_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_visit_tasks" ADD CONSTRAINT "return_visit_tasks_plan_fk" FOREIGN KEY ("enterprise_id","plan_id") REFERENCES "public"."return_visit_plans"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_visit_tasks" ADD CONSTRAINT "return_visit_tasks_order_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_visit_tasks" ADD CONSTRAINT "return_visit_tasks_visitor_fk" FOREIGN KEY ("enterprise_id","visitor_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_visit_tokens" ADD CONSTRAINT "return_visit_tokens_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_standards" ADD CONSTRAINT "fee_standards_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_standards" ADD CONSTRAINT "fee_standards_template_fk" FOREIGN KEY ("enterprise_id","template_id") REFERENCES "public"."form_templates"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_order_fees" ADD CONSTRAINT "provider_order_fees_order_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_order_fees" ADD CONSTRAINT "provider_order_fees_provider_fk" FOREIGN KEY ("enterprise_id","provider_id") REFERENCES "public"."service_providers"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_order_fees" ADD CONSTRAINT "provider_order_fees_standard_fk" FOREIGN KEY ("enterprise_id","standard_id") REFERENCES "public"."fee_standards"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_logs" ADD CONSTRAINT "settlement_logs_record_fk" FOREIGN KEY ("enterprise_id","settlement_id") REFERENCES "public"."settlements"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_logs" ADD CONSTRAINT "settlement_logs_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_provider_fk" FOREIGN KEY ("enterprise_id","provider_id") REFERENCES "public"."service_providers"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_created_by_fk" FOREIGN KEY ("enterprise_id","created_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_issued_by_fk" FOREIGN KEY ("enterprise_id","issued_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_day_stats" ADD CONSTRAINT "complaint_day_stats_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_level_targets" ADD CONSTRAINT "complaint_level_targets_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_logs" ADD CONSTRAINT "complaint_logs_record_fk" FOREIGN KEY ("enterprise_id","complaint_id") REFERENCES "public"."complaints"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_logs" ADD CONSTRAINT "complaint_logs_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_serial_stats" ADD CONSTRAINT "complaint_serial_stats_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_order_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_customer_fk" FOREIGN KEY ("enterprise_id","customer_id") REFERENCES "public"."customers"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_product_fk" FOREIGN KEY ("enterprise_id","installed_product_id") REFERENCES "public"."installed_products"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_model_fk" FOREIGN KEY ("enterprise_id","product_model_id") REFERENCES "public"."product_models"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_fault_fk" FOREIGN KEY ("enterprise_id","fault_mode_id") REFERENCES "public"."fault_modes"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_handler_fk" FOREIGN KEY ("enterprise_id","handler_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fault_modes" ADD CONSTRAINT "fault_modes_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fault_modes" ADD CONSTRAINT "fault_modes_parent_fk" FOREIGN KEY ("enterprise_id","parent_id") REFERENCES "public"."fault_modes"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fault_modes" ADD CONSTRAINT "order_fault_modes_order_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fault_modes" ADD CONSTRAINT "order_fault_modes_mode_fk" FOREIGN KEY ("enterprise_id","fault_mode_id") REFERENCES "public"."fault_modes"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_sla_clocks" ADD CONSTRAINT "complaint_sla_clocks_complaint_fk" FOREIGN KEY ("enterprise_id","complaint_id") REFERENCES "public"."complaints"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_order_logs" ADD CONSTRAINT "exchange_order_logs_record_fk" FOREIGN KEY ("enterprise_id","exchange_id") REFERENCES "public"."exchange_orders"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_order_logs" ADD CONSTRAINT "exchange_order_logs_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD CONSTRAINT "exchange_orders_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD CONSTRAINT "exchange_orders_complaint_fk" FOREIGN KEY ("enterprise_id","complaint_id") REFERENCES "public"."complaints"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD CONSTRAINT "exchange_orders_order_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD CONSTRAINT "exchange_orders_repair_fk" FOREIGN KEY ("enterprise_id","repair_id") REFERENCES "public"."repair_orders"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD CONSTRAINT "exchange_orders_customer_fk" FOREIGN KEY ("enterprise_id","customer_id") REFERENCES "public"."customers"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD CONSTRAINT "exchange_orders_applicant_fk" FOREIGN KEY ("enterprise_id","applicant_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_logs" ADD CONSTRAINT "repair_order_logs_record_fk" FOREIGN KEY ("enterprise_id","repair_id") REFERENCES "public"."repair_orders"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_logs" ADD CONSTRAINT "repair_order_logs_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_complaint_fk" FOREIGN KEY ("enterprise_id","complaint_id") REFERENCES "public"."complaints"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_order_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_customer_fk" FOREIGN KEY ("enterprise_id","customer_id") REFERENCES "public"."customers"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_product_fk" FOREIGN KEY ("enterprise_id","installed_product_id") REFERENCES "public"."installed_products"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_model_fk" FOREIGN KEY ("enterprise_id","product_model_id") REFERENCES "public"."product_models"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_claim_logs" ADD CONSTRAINT "fee_claim_logs_record_fk" FOREIGN KEY ("enterprise_id","claim_id") REFERENCES "public"."fee_claims"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_claim_logs" ADD CONSTRAINT "fee_claim_logs_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_claims" ADD CONSTRAINT "fee_claims_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_claims" ADD CONSTRAINT "fee_claims_order_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_claims" ADD CONSTRAINT "fee_claims_provider_fk" FOREIGN KEY ("enterprise_id","provider_id") REFERENCES "public"."service_providers"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_claims" ADD CONSTRAINT "fee_claims_applicant_fk" FOREIGN KEY ("enterprise_id","applicant_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_logs" ADD CONSTRAINT "case_logs_record_fk" FOREIGN KEY ("enterprise_id","case_id") REFERENCES "public"."cases"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_logs" ADD CONSTRAINT "case_logs_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_order_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_converted_fk" FOREIGN KEY ("enterprise_id","converted_order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_customer_fk" FOREIGN KEY ("enterprise_id","customer_id") REFERENCES "public"."customers"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_product_fk" FOREIGN KEY ("enterprise_id","installed_product_id") REFERENCES "public"."installed_products"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_model_fk" FOREIGN KEY ("enterprise_id","product_model_id") REFERENCES "public"."product_models"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_fault_fk" FOREIGN KEY ("enterprise_id","fault_mode_id") REFERENCES "public"."fault_modes"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_article_versions" ADD CONSTRAINT "kb_article_versions_article_fk" FOREIGN KEY ("enterprise_id","article_id") REFERENCES "public"."kb_articles"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_articles" ADD CONSTRAINT "kb_articles_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_articles" ADD CONSTRAINT "kb_articles_category_fk" FOREIGN KEY ("enterprise_id","category_id") REFERENCES "public"."kb_categories"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_articles" ADD CONSTRAINT "kb_articles_model_fk" FOREIGN KEY ("enterprise_id","product_model_id") REFERENCES "public"."product_models"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_articles" ADD CONSTRAINT "kb_articles_fault_fk" FOREIGN KEY ("enterprise_id","fault_mode_id") REFERENCES "public"."fault_modes"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_articles" ADD CONSTRAINT "kb_articles_editor_fk" FOREIGN KEY ("enterprise_id","updated_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_categories" ADD CONSTRAINT "kb_categories_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_logs" ADD CONSTRAINT "reward_logs_record_fk" FOREIGN KEY ("enterprise_id","reward_id") REFERENCES "public"."rewards"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_logs" ADD CONSTRAINT "reward_logs_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_provider_fk" FOREIGN KEY ("enterprise_id","provider_id") REFERENCES "public"."service_providers"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_order_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_created_by_fk" FOREIGN KEY ("enterprise_id","created_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_submitted_by_fk" FOREIGN KEY ("enterprise_id","submitted_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_quote_fk" FOREIGN KEY ("enterprise_id","quotation_id") REFERENCES "public"."quotations"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_logs" ADD CONSTRAINT "quotation_logs_record_fk" FOREIGN KEY ("enterprise_id","quotation_id") REFERENCES "public"."quotations"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_logs" ADD CONSTRAINT "quotation_logs_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_versions" ADD CONSTRAINT "quotation_versions_quote_fk" FOREIGN KEY ("enterprise_id","quotation_id") REFERENCES "public"."quotations"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_customer_fk" FOREIGN KEY ("enterprise_id","customer_id") REFERENCES "public"."customers"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_product_fk" FOREIGN KEY ("enterprise_id","installed_product_id") REFERENCES "public"."installed_products"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_order_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_sales_fk" FOREIGN KEY ("enterprise_id","sales_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_extension_logs" ADD CONSTRAINT "warranty_extension_logs_record_fk" FOREIGN KEY ("enterprise_id","extension_id") REFERENCES "public"."warranty_extensions"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_extension_logs" ADD CONSTRAINT "warranty_extension_logs_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_extensions" ADD CONSTRAINT "warranty_extensions_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_extensions" ADD CONSTRAINT "warranty_extensions_product_fk" FOREIGN KEY ("enterprise_id","installed_product_id") REFERENCES "public"."installed_products"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_extensions" ADD CONSTRAINT "warranty_extensions_customer_fk" FOREIGN KEY ("enterprise_id","customer_id") REFERENCES "public"."customers"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_extensions" ADD CONSTRAINT "warranty_extensions_creator_fk" FOREIGN KEY ("enterprise_id","created_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_plan_logs" ADD CONSTRAINT "cycle_plan_logs_record_fk" FOREIGN KEY ("enterprise_id","plan_id") REFERENCES "public"."cycle_plans"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_plan_logs" ADD CONSTRAINT "cycle_plan_logs_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_plan_orders" ADD CONSTRAINT "cycle_plan_orders_plan_fk" FOREIGN KEY ("enterprise_id","plan_id") REFERENCES "public"."cycle_plans"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_plans" ADD CONSTRAINT "cycle_plans_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_plans" ADD CONSTRAINT "cycle_plans_template_fk" FOREIGN KEY ("enterprise_id","template_id") REFERENCES "public"."cycle_templates"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_plans" ADD CONSTRAINT "cycle_plans_product_fk" FOREIGN KEY ("enterprise_id","installed_product_id") REFERENCES "public"."installed_products"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_plans" ADD CONSTRAINT "cycle_plans_contract_fk" FOREIGN KEY ("enterprise_id","contract_id") REFERENCES "public"."maintain_contracts"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_plans" ADD CONSTRAINT "cycle_plans_customer_fk" FOREIGN KEY ("enterprise_id","customer_id") REFERENCES "public"."customers"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_plans" ADD CONSTRAINT "cycle_plans_created_by_fk" FOREIGN KEY ("enterprise_id","created_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_plans" ADD CONSTRAINT "cycle_plans_engineer_fk" FOREIGN KEY ("enterprise_id","engineer_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_templates" ADD CONSTRAINT "cycle_templates_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_templates" ADD CONSTRAINT "cycle_templates_order_type_fk" FOREIGN KEY ("enterprise_id","order_type_id") REFERENCES "public"."form_templates"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_templates" ADD CONSTRAINT "cycle_templates_created_by_fk" FOREIGN KEY ("enterprise_id","created_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_login_tokens" ADD CONSTRAINT "portal_login_tokens_account_fk" FOREIGN KEY ("enterprise_id","account_id") REFERENCES "public"."home_accounts"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_account_fk" FOREIGN KEY ("enterprise_id","account_id") REFERENCES "public"."home_accounts"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_uploads" ADD CONSTRAINT "portal_uploads_upload_fk" FOREIGN KEY ("enterprise_id","upload_id") REFERENCES "public"."uploads"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_uploads" ADD CONSTRAINT "portal_uploads_account_fk" FOREIGN KEY ("enterprise_id","account_id") REFERENCES "public"."home_accounts"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_sign_links" ADD CONSTRAINT "quotation_sign_links_quotation_fk" FOREIGN KEY ("enterprise_id","quotation_id") REFERENCES "public"."quotations"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_reports" ADD CONSTRAINT "scan_reports_order_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_event_receipts" ADD CONSTRAINT "call_event_receipts_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_records" ADD CONSTRAINT "call_records_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_records" ADD CONSTRAINT "call_records_customer_fk" FOREIGN KEY ("enterprise_id","customer_id") REFERENCES "public"."customers"("enterprise_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_records" ADD CONSTRAINT "call_records_contact_fk" FOREIGN KEY ("enterprise_id","contact_id") REFERENCES "public"."customer_contacts"("enterprise_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_records" ADD CONSTRAINT "call_records_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_seats" ADD CONSTRAINT "call_seats_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_seats" ADD CONSTRAINT "call_seats_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_report_day_stats" ADD CONSTRAINT "order_report_day_stats_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_report_dirty" ADD CONSTRAINT "order_report_dirty_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_queries" ADD CONSTRAINT "report_queries_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_queries" ADD CONSTRAINT "report_queries_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_settings" ADD CONSTRAINT "channel_settings_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_tokens" ADD CONSTRAINT "channel_tokens_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_users" ADD CONSTRAINT "channel_users_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_users" ADD CONSTRAINT "channel_users_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_messages" ADD CONSTRAINT "work_messages_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_messages" ADD CONSTRAINT "work_messages_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_drafts" ADD CONSTRAINT "plan_drafts_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_drafts" ADD CONSTRAINT "plan_drafts_user_fk" FOREIGN KEY ("enterprise_id","created_by") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_proposal_logs" ADD CONSTRAINT "plan_proposal_logs_record_fk" FOREIGN KEY ("enterprise_id","proposal_id") REFERENCES "public"."plan_proposals"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_proposal_logs" ADD CONSTRAINT "plan_proposal_logs_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_proposals" ADD CONSTRAINT "plan_proposals_draft_fk" FOREIGN KEY ("enterprise_id","draft_id") REFERENCES "public"."plan_drafts"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_proposals" ADD CONSTRAINT "plan_proposals_order_fk" FOREIGN KEY ("enterprise_id","order_id") REFERENCES "public"."orders"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_proposals" ADD CONSTRAINT "plan_proposals_user_fk" FOREIGN KEY ("enterprise_id","user_id") REFERENCES "public"."users"("enterprise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "departments_parent_idx" ON "departments" USING btree ("enterprise_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_name_uq" ON "departments" USING btree ("enterprise_id",coalesce("parent_id", 0),"name");--> statement-breakpoint
CREATE INDEX "login_attempts_mobile_idx" ON "login_attempts" USING btree ("mobile","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "security_log_ep_idx" ON "security_log" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "service_provider_contacts_provider_idx" ON "service_provider_contacts" USING btree ("enterprise_id","provider_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "service_provider_contacts_primary_uq" ON "service_provider_contacts" USING btree ("enterprise_id","provider_id") WHERE is_primary;--> statement-breakpoint
CREATE UNIQUE INDEX "service_providers_name_uq" ON "service_providers" USING btree ("enterprise_id","name");--> statement-breakpoint
CREATE INDEX "service_providers_type_idx" ON "service_providers" USING btree ("enterprise_id","partner_type","enabled");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_id_uq" ON "sessions" USING btree ("id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("enterprise_id","user_id");--> statement-breakpoint
CREATE INDEX "sms_codes_mobile_idx" ON "sms_codes" USING btree ("mobile","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_uq" ON "users" USING btree ("enterprise_id","mobile") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_mobile_idx" ON "users" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "users_dept_idx" ON "users" USING btree ("enterprise_id","dept_id");--> statement-breakpoint
CREATE INDEX "users_roles_idx" ON "users" USING gin ("roles");--> statement-breakpoint
CREATE INDEX "users_provider_idx" ON "users" USING btree ("enterprise_id","provider_id");--> statement-breakpoint
CREATE INDEX "users_type_idx" ON "users" USING btree ("enterprise_id","user_type","enabled") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_list_idx" ON "users" USING btree ("enterprise_id","id","dept_id","roles","enabled","user_type","provider_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_enabled_idx" ON "users" USING btree ("enterprise_id","enabled","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_mobile_prefix_idx" ON "users" USING btree ("enterprise_id","mobile" text_pattern_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_grams_idx" ON "users" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "custom_menus_parent_idx" ON "custom_menus" USING btree ("enterprise_id","parent_id","sort","id");--> statement-breakpoint
CREATE INDEX "im_messages_user_idx" ON "im_messages" USING btree ("enterprise_id","user_id","id");--> statement-breakpoint
CREATE INDEX "export_files_user_idx" ON "export_files" USING btree ("enterprise_id","user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "upload_tokens_id_uq" ON "upload_tokens" USING btree ("id");--> statement-breakpoint
CREATE INDEX "upload_tokens_user_idx" ON "upload_tokens" USING btree ("enterprise_id","user_id","expires_at");--> statement-breakpoint
CREATE INDEX "uploads_creator_idx" ON "uploads" USING btree ("enterprise_id","created_by");--> statement-breakpoint
CREATE INDEX "service_group_members_user_idx" ON "service_group_members" USING btree ("enterprise_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_groups_name_uq" ON "service_groups" USING btree ("enterprise_id","name");--> statement-breakpoint
CREATE INDEX "service_groups_type_idx" ON "service_groups" USING btree ("enterprise_id","type");--> statement-breakpoint
CREATE INDEX "service_groups_leader_idx" ON "service_groups" USING btree ("enterprise_id","leader_id");--> statement-breakpoint
CREATE INDEX "tag_links_tag_idx" ON "tag_links" USING btree ("enterprise_id","tag_id","obj_type","obj_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_uq" ON "tags" USING btree ("enterprise_id","code","name");--> statement-breakpoint
CREATE INDEX "tags_code_idx" ON "tags" USING btree ("enterprise_id","code","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_items_name_uq" ON "dict_items" USING btree ("enterprise_id","type","name");--> statement-breakpoint
CREATE INDEX "dict_items_type_idx" ON "dict_items" USING btree ("enterprise_id","type","sort","id");--> statement-breakpoint
CREATE INDEX "announcement_logs_record_idx" ON "announcement_logs" USING btree ("enterprise_id","announcement_id","created_at","id");--> statement-breakpoint
CREATE INDEX "announcements_list_idx" ON "announcements" USING btree ("enterprise_id","state","pinned","id");--> statement-breakpoint
CREATE INDEX "notices_user_idx" ON "notices" USING btree ("enterprise_id","user_id","category","id");--> statement-breakpoint
CREATE INDEX "notices_unread_idx" ON "notices" USING btree ("enterprise_id","user_id","category") WHERE read_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notices_dedupe_uq" ON "notices" USING btree ("enterprise_id","user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "notices_kind_idx" ON "notices" USING btree ("enterprise_id","user_id","category","kind","id");--> statement-breakpoint
CREATE INDEX "notices_announcement_idx" ON "notices" USING btree ("enterprise_id","announcement_id","user_id") WHERE announcement_id is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_type_idx" ON "subscriptions" USING btree ("enterprise_id","type","state");--> statement-breakpoint
CREATE INDEX "operation_log_time_idx" ON "operation_log" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "operation_log_user_idx" ON "operation_log" USING btree ("enterprise_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "operation_log_module_idx" ON "operation_log" USING btree ("enterprise_id","module","created_at");--> statement-breakpoint
CREATE INDEX "page_points_code_idx" ON "page_points" USING btree ("enterprise_id","code","created_at");--> statement-breakpoint
CREATE INDEX "contract_logs_contract_idx" ON "contract_logs" USING btree ("enterprise_id","kind","contract_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_addresses_customer_idx" ON "customer_addresses" USING btree ("enterprise_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_addresses_default_uq" ON "customer_addresses" USING btree ("enterprise_id","customer_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "customer_addresses_area_idx" ON "customer_addresses" USING btree ("enterprise_id","province_code","city_code","district_code");--> statement-breakpoint
CREATE INDEX "customer_addresses_created_idx" ON "customer_addresses" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_addresses_grams_idx" ON "customer_addresses" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "customer_addresses_geo_pending_idx" ON "customer_addresses" USING btree ("enterprise_id","id") WHERE geo_precision is null;--> statement-breakpoint
CREATE INDEX "customer_contacts_customer_idx" ON "customer_contacts" USING btree ("enterprise_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_contacts_primary_uq" ON "customer_contacts" USING btree ("enterprise_id","customer_id") WHERE is_primary;--> statement-breakpoint
CREATE INDEX "customer_contacts_phone_idx" ON "customer_contacts" USING btree ("enterprise_id","phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customer_contacts_created_idx" ON "customer_contacts" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_contacts_grams_idx" ON "customer_contacts" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "customer_permissions_user_idx" ON "customer_permissions" USING btree ("enterprise_id","user_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_code_uq" ON "customers" USING btree ("enterprise_id","code");--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_business_user_idx" ON "customers" USING btree ("enterprise_id","business_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_service_group_idx" ON "customers" USING btree ("enterprise_id","service_group_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_created_by_idx" ON "customers" USING btree ("enterprise_id","created_by");--> statement-breakpoint
CREATE INDEX "customers_phone_idx" ON "customers" USING btree ("enterprise_id","phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_external_idx" ON "customers" USING btree ("enterprise_id","external_userid");--> statement-breakpoint
CREATE INDEX "customers_grams_idx" ON "customers" USING gin ("search_grams");--> statement-breakpoint
CREATE UNIQUE INDEX "home_accounts_mobile_uq" ON "home_accounts" USING btree ("enterprise_id","mobile");--> statement-breakpoint
CREATE INDEX "home_accounts_customer_idx" ON "home_accounts" USING btree ("enterprise_id","customer_id");--> statement-breakpoint
CREATE INDEX "home_accounts_created_idx" ON "home_accounts" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "installed_products_serial_uq" ON "installed_products" USING btree ("enterprise_id","serial_number");--> statement-breakpoint
CREATE UNIQUE INDEX "installed_products_qr_uq" ON "installed_products" USING btree ("enterprise_id","qr_code");--> statement-breakpoint
CREATE INDEX "installed_products_created_idx" ON "installed_products" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "installed_products_serial_prefix_idx" ON "installed_products" USING btree ("enterprise_id","serial_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "installed_products_customer_idx" ON "installed_products" USING btree ("enterprise_id","customer_id");--> statement-breakpoint
CREATE INDEX "installed_products_address_idx" ON "installed_products" USING btree ("enterprise_id","address_id");--> statement-breakpoint
CREATE INDEX "installed_products_model_idx" ON "installed_products" USING btree ("enterprise_id","product_id");--> statement-breakpoint
CREATE INDEX "installed_products_warranty_idx" ON "installed_products" USING btree ("enterprise_id","warranty_end");--> statement-breakpoint
CREATE INDEX "installed_products_status_idx" ON "installed_products" USING btree ("enterprise_id","status");--> statement-breakpoint
CREATE INDEX "installed_products_grams_idx" ON "installed_products" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "maintain_contract_products_product_idx" ON "maintain_contract_products" USING btree ("enterprise_id","installed_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "maintain_contracts_no_uq" ON "maintain_contracts" USING btree ("enterprise_id","contract_no");--> statement-breakpoint
CREATE INDEX "maintain_contracts_customer_idx" ON "maintain_contracts" USING btree ("enterprise_id","customer_id");--> statement-breakpoint
CREATE INDEX "maintain_contracts_status_idx" ON "maintain_contracts" USING btree ("enterprise_id","status","created_at");--> statement-breakpoint
CREATE INDEX "maintain_contracts_renewal_idx" ON "maintain_contracts" USING btree ("enterprise_id","end_date") WHERE status = 2;--> statement-breakpoint
CREATE INDEX "maintain_contracts_created_idx" ON "maintain_contracts" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "product_models_created_idx" ON "product_models" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "product_models_category_idx" ON "product_models" USING btree ("enterprise_id","category");--> statement-breakpoint
CREATE INDEX "product_models_grams_idx" ON "product_models" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "sale_contract_items_contract_idx" ON "sale_contract_items" USING btree ("enterprise_id","contract_id");--> statement-breakpoint
CREATE INDEX "sale_contract_items_model_idx" ON "sale_contract_items" USING btree ("enterprise_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_contracts_no_uq" ON "sale_contracts" USING btree ("enterprise_id","contract_no");--> statement-breakpoint
CREATE INDEX "sale_contracts_customer_idx" ON "sale_contracts" USING btree ("enterprise_id","customer_id");--> statement-breakpoint
CREATE INDEX "sale_contracts_status_idx" ON "sale_contracts" USING btree ("enterprise_id","status","created_at");--> statement-breakpoint
CREATE INDEX "sale_contracts_created_idx" ON "sale_contracts" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sale_contracts_sign_idx" ON "sale_contracts" USING btree ("enterprise_id","sign_date");--> statement-breakpoint
CREATE UNIQUE INDEX "form_fields_live_name_uq" ON "form_fields" USING btree ("enterprise_id","template_id","name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "form_fields_template_idx" ON "form_fields" USING btree ("enterprise_id","template_id","sort","id");--> statement-breakpoint
CREATE INDEX "form_fields_recycle_idx" ON "form_fields" USING btree ("enterprise_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "form_fields_template_recycle_idx" ON "form_fields" USING btree ("enterprise_id","template_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "form_template_versions_no_uq" ON "form_template_versions" USING btree ("enterprise_id","template_id","version_no");--> statement-breakpoint
CREATE UNIQUE INDEX "form_templates_name_uq" ON "form_templates" USING btree ("enterprise_id","form_kind","name");--> statement-breakpoint
CREATE UNIQUE INDEX "form_templates_default_uq" ON "form_templates" USING btree ("enterprise_id","form_kind") WHERE is_default;--> statement-breakpoint
CREATE INDEX "form_templates_kind_idx" ON "form_templates" USING btree ("enterprise_id","form_kind","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "money_items_live_name_uq" ON "money_items" USING btree ("enterprise_id","template_id","name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "money_items_template_idx" ON "money_items" USING btree ("enterprise_id","template_id","sort","id");--> statement-breakpoint
CREATE INDEX "money_items_recycle_idx" ON "money_items" USING btree ("enterprise_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "money_items_template_recycle_idx" ON "money_items" USING btree ("enterprise_id","template_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "search_plans_name_uq" ON "search_plans" USING btree ("enterprise_id","user_id","page_key","name");--> statement-breakpoint
CREATE UNIQUE INDEX "search_plans_default_uq" ON "search_plans" USING btree ("enterprise_id","user_id","page_key") WHERE is_default;--> statement-breakpoint
CREATE UNIQUE INDEX "table_configs_user_table_uq" ON "table_configs" USING btree ("enterprise_id","user_id","table_key");--> statement-breakpoint
CREATE INDEX "order_fees_order_idx" ON "order_fees" USING btree ("enterprise_id","order_id");--> statement-breakpoint
CREATE INDEX "order_fees_money_item_idx" ON "order_fees" USING btree ("enterprise_id","money_item_id");--> statement-breakpoint
CREATE INDEX "order_logs_record_idx" ON "order_logs" USING btree ("enterprise_id","order_id","created_at","id");--> statement-breakpoint
CREATE INDEX "order_messages_order_idx" ON "order_messages" USING btree ("enterprise_id","order_id","created_at","id");--> statement-breakpoint
CREATE INDEX "order_op_keys_order_idx" ON "order_op_keys" USING btree ("enterprise_id","order_id");--> statement-breakpoint
CREATE INDEX "order_people_user_idx" ON "order_people" USING btree ("enterprise_id","user_id","part","order_id");--> statement-breakpoint
CREATE INDEX "order_service_items_order_idx" ON "order_service_items" USING btree ("enterprise_id","order_id");--> statement-breakpoint
CREATE INDEX "order_service_items_item_idx" ON "order_service_items" USING btree ("enterprise_id","service_item_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_no_uq" ON "orders" USING btree ("enterprise_id","order_no");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("enterprise_id","created_at","id","deleted_at","finished_at","receipted_at","paid_at","evaluated_at");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("enterprise_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_template_idx" ON "orders" USING btree ("enterprise_id","template_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_service_user_idx" ON "orders" USING btree ("enterprise_id","service_user_id","state","created_at");--> statement-breakpoint
CREATE INDEX "orders_dispatcher_idx" ON "orders" USING btree ("enterprise_id","dispatcher_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_taken_by_idx" ON "orders" USING btree ("enterprise_id","taken_by","created_at");--> statement-breakpoint
CREATE INDEX "orders_acceptor_idx" ON "orders" USING btree ("enterprise_id","acceptor_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_by_idx" ON "orders" USING btree ("enterprise_id","created_by","created_at");--> statement-breakpoint
CREATE INDEX "orders_salesperson_idx" ON "orders" USING btree ("enterprise_id","salesperson_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_return_visitor_idx" ON "orders" USING btree ("enterprise_id","return_visitor_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_create_examiner_idx" ON "orders" USING btree ("enterprise_id","create_examine_operator_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_complete_examiner_idx" ON "orders" USING btree ("enterprise_id","complete_examine_operator_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_examine_idx" ON "orders" USING btree ("enterprise_id","examine_type","examine_result","created_at");--> statement-breakpoint
CREATE INDEX "orders_finished_idx" ON "orders" USING btree ("enterprise_id","finished_at","created_at","id","deleted_at");--> statement-breakpoint
CREATE INDEX "orders_dispatched_idx" ON "orders" USING btree ("enterprise_id","dispatched_at");--> statement-breakpoint
CREATE INDEX "orders_create_examined_idx" ON "orders" USING btree ("enterprise_id","create_examined_at");--> statement-breakpoint
CREATE INDEX "orders_complete_examined_idx" ON "orders" USING btree ("enterprise_id","complete_examined_at");--> statement-breakpoint
CREATE INDEX "orders_receipt_examined_idx" ON "orders" USING btree ("enterprise_id","receipt_examined_at");--> statement-breakpoint
CREATE INDEX "orders_collection_examined_idx" ON "orders" USING btree ("enterprise_id","collection_examined_at");--> statement-breakpoint
CREATE INDEX "orders_source_idx" ON "orders" USING btree ("enterprise_id","source","created_at");--> statement-breakpoint
CREATE INDEX "orders_receipted_idx" ON "orders" USING btree ("enterprise_id","receipted_at");--> statement-breakpoint
CREATE INDEX "orders_evaluated_idx" ON "orders" USING btree ("enterprise_id","evaluated_at");--> statement-breakpoint
CREATE INDEX "orders_service_group_idx" ON "orders" USING btree ("enterprise_id","service_group_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_product_idx" ON "orders" USING btree ("enterprise_id","installed_product_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_receive_payment_idx" ON "orders" USING btree ("enterprise_id","receive_payment_id");--> statement-breakpoint
CREATE INDEX "orders_contact_idx" ON "orders" USING btree ("enterprise_id","contact_id");--> statement-breakpoint
CREATE INDEX "orders_address_idx" ON "orders" USING btree ("enterprise_id","address_id");--> statement-breakpoint
CREATE INDEX "orders_due_idx" ON "orders" USING btree ("enterprise_id","due_at") WHERE state in (0, 1, 2, 3, 4, 7);--> statement-breakpoint
CREATE INDEX "orders_due_at_idx" ON "orders" USING btree ("enterprise_id","due_at");--> statement-breakpoint
CREATE INDEX "orders_map_idx" ON "orders" USING btree ("enterprise_id","state","priority","created_at") WHERE latitude is not null and deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_geo_pending_idx" ON "orders" USING btree ("enterprise_id","id") WHERE geo_precision is null;--> statement-breakpoint
CREATE INDEX "orders_recycle_idx" ON "orders" USING btree ("enterprise_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "orders_grams_idx" ON "orders" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "orders_live_state_idx" ON "orders" USING btree ("enterprise_id","state","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_acceptance_desk_idx" ON "orders" USING btree ("enterprise_id","created_at","id") WHERE state = 0 and not invalid and deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree ("enterprise_id","custom_phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_taken_idx" ON "orders" USING btree ("enterprise_id","taken_at");--> statement-breakpoint
CREATE INDEX "orders_appointment_sort_idx" ON "orders" USING btree ("enterprise_id","appointment_at","id");--> statement-breakpoint
CREATE INDEX "orders_archived_idx" ON "orders" USING btree ("enterprise_id","created_at","id") WHERE place_state = 1 and deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_open_created_idx" ON "orders" USING btree ("enterprise_id","created_at","id","due_at") WHERE state in (0, 1, 2, 3, 4, 7) and deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_priority_sort_idx" ON "orders" USING btree ("enterprise_id","priority","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_live_template_idx" ON "orders" USING btree ("enterprise_id","template_id","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_abnormal_cnt_idx" ON "orders" USING btree ("enterprise_id","abnormal_kind","state") WHERE abnormal_kind is not null and deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_overdue_cnt_idx" ON "orders" USING btree ("enterprise_id","due_at","created_at") WHERE state in (0, 1, 2, 3, 4, 7) and not invalid and deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_examine_cnt_idx" ON "orders" USING btree ("enterprise_id","examine_type") WHERE examine_result = 0 and deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_stats_idx" ON "orders" USING btree ("enterprise_id","created_at","state","invalid") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_provider_idx" ON "orders" USING btree ("enterprise_id","provider_id","created_at","id") WHERE provider_id is not null and deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_provider_list_idx" ON "orders" USING btree ("enterprise_id","created_at","id") WHERE provider_id is not null and deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_provider_finished_idx" ON "orders" USING btree ("enterprise_id","finished_at","id") WHERE provider_id is not null and deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_undeliver_list_idx" ON "orders" USING btree ("enterprise_id","created_at","id") WHERE state = 1 and not in_pool and deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_open_load_idx" ON "orders" USING btree ("enterprise_id","service_user_id","appointment_at") WHERE state in (2, 3, 4) and deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_pool_list_idx" ON "orders" USING btree ("enterprise_id","created_at","id") WHERE state = 1 and in_pool and deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "service_item_types_name_uq" ON "service_item_types" USING btree ("enterprise_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "service_items_name_uq" ON "service_items" USING btree ("enterprise_id","name");--> statement-breakpoint
CREATE INDEX "service_items_type_idx" ON "service_items" USING btree ("enterprise_id","type_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_report_links_token_uq" ON "order_report_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "order_report_links_order_idx" ON "order_report_links" USING btree ("enterprise_id","order_id");--> statement-breakpoint
CREATE INDEX "receive_payment_templates_template_idx" ON "receive_payment_templates" USING btree ("enterprise_id","template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receive_payments_name_uq" ON "receive_payments" USING btree ("enterprise_id","name");--> statement-breakpoint
CREATE INDEX "event_logs_record_idx" ON "event_logs" USING btree ("enterprise_id","event_id","created_at","id");--> statement-breakpoint
CREATE INDEX "event_messages_event_idx" ON "event_messages" USING btree ("enterprise_id","event_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "events_no_uq" ON "events" USING btree ("enterprise_id","event_no");--> statement-breakpoint
CREATE INDEX "events_geo_pending_idx" ON "events" USING btree ("enterprise_id","id") WHERE geo_precision is null;--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("enterprise_id","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "events_state_idx" ON "events" USING btree ("enterprise_id","state","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "events_principal_idx" ON "events" USING btree ("enterprise_id","principal_id","state","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "events_undispatched_idx" ON "events" USING btree ("enterprise_id","created_at","id") WHERE deleted_at is null and dispatch_state = 0 and close_state = 0;--> statement-breakpoint
CREATE INDEX "events_created_by_idx" ON "events" USING btree ("enterprise_id","created_by","created_at");--> statement-breakpoint
CREATE INDEX "events_dispatcher_idx" ON "events" USING btree ("enterprise_id","dispatcher_id","created_at");--> statement-breakpoint
CREATE INDEX "events_upgrade_user_idx" ON "events" USING btree ("enterprise_id","upgrade_user_id","created_at");--> statement-breakpoint
CREATE INDEX "events_start_user_idx" ON "events" USING btree ("enterprise_id","start_user_id","created_at");--> statement-breakpoint
CREATE INDEX "events_closed_user_idx" ON "events" USING btree ("enterprise_id","closed_user_id","created_at");--> statement-breakpoint
CREATE INDEX "events_complete_user_idx" ON "events" USING btree ("enterprise_id","complete_user_id","created_at");--> statement-breakpoint
CREATE INDEX "events_dispatched_idx" ON "events" USING btree ("enterprise_id","dispatched_at");--> statement-breakpoint
CREATE INDEX "events_upgraded_idx" ON "events" USING btree ("enterprise_id","upgraded_at");--> statement-breakpoint
CREATE INDEX "events_started_idx" ON "events" USING btree ("enterprise_id","started_at");--> statement-breakpoint
CREATE INDEX "events_closed_idx" ON "events" USING btree ("enterprise_id","closed_at");--> statement-breakpoint
CREATE INDEX "events_completed_idx" ON "events" USING btree ("enterprise_id","completed_at");--> statement-breakpoint
CREATE INDEX "events_customer_idx" ON "events" USING btree ("enterprise_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "events_template_idx" ON "events" USING btree ("enterprise_id","template_id","created_at");--> statement-breakpoint
CREATE INDEX "events_priority_idx" ON "events" USING btree ("enterprise_id","priority","created_at");--> statement-breakpoint
CREATE INDEX "events_service_item_idx" ON "events" USING btree ("enterprise_id","service_item_id","created_at");--> statement-breakpoint
CREATE INDEX "events_product_idx" ON "events" USING btree ("enterprise_id","installed_product_id","created_at");--> statement-breakpoint
CREATE INDEX "events_contact_idx" ON "events" USING btree ("enterprise_id","contact_id");--> statement-breakpoint
CREATE INDEX "events_address_idx" ON "events" USING btree ("enterprise_id","address_id");--> statement-breakpoint
CREATE INDEX "events_phone_idx" ON "events" USING btree ("enterprise_id","custom_phone");--> statement-breakpoint
CREATE INDEX "events_order_idx" ON "events" USING btree ("enterprise_id","order_id") WHERE order_id is not null;--> statement-breakpoint
CREATE INDEX "events_grams_idx" ON "events" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "time_intervals_sort_idx" ON "time_intervals" USING btree ("enterprise_id","sort","id");--> statement-breakpoint
CREATE INDEX "automation_rules_trigger_idx" ON "automation_rules" USING btree ("enterprise_id","template_id","trigger");--> statement-breakpoint
CREATE UNIQUE INDEX "automation_timers_uq" ON "automation_timers" USING btree ("enterprise_id","order_id","timed_event_id","fire_at");--> statement-breakpoint
CREATE INDEX "automation_timers_armed_idx" ON "automation_timers" USING btree ("enterprise_id","order_id") WHERE state = 0;--> statement-breakpoint
CREATE INDEX "timed_events_trigger_idx" ON "timed_events" USING btree ("enterprise_id","template_id","trigger");--> statement-breakpoint
CREATE INDEX "order_list_settings_updated_idx" ON "order_list_settings" USING btree ("enterprise_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "process_versions_uq" ON "process_versions" USING btree ("enterprise_id","template_id","version");--> statement-breakpoint
CREATE INDEX "dispatch_rules_sort_idx" ON "dispatch_rules" USING btree ("enterprise_id","sort","id");--> statement-breakpoint
CREATE INDEX "goods_orders_state_idx" ON "goods_orders" USING btree ("enterprise_id","state","id");--> statement-breakpoint
CREATE INDEX "goods_orders_applicant_idx" ON "goods_orders" USING btree ("enterprise_id","applicant_id","id");--> statement-breakpoint
CREATE INDEX "goods_payments_waiting_idx" ON "goods_payments" USING btree ("created_at") WHERE state = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "goods_payments_no_uq" ON "goods_payments" USING btree ("enterprise_id","payment_no");--> statement-breakpoint
CREATE INDEX "goods_payments_order_idx" ON "goods_payments" USING btree ("enterprise_id","goods_order_id","id");--> statement-breakpoint
CREATE INDEX "old_part_returns_state_idx" ON "old_part_returns" USING btree ("enterprise_id","state","due_at","id");--> statement-breakpoint
CREATE INDEX "old_part_returns_order_idx" ON "old_part_returns" USING btree ("enterprise_id","order_id") WHERE order_id is not null;--> statement-breakpoint
CREATE INDEX "order_parts_order_idx" ON "order_parts" USING btree ("enterprise_id","order_id","id");--> statement-breakpoint
CREATE INDEX "spare_docs_kind_idx" ON "spare_docs" USING btree ("enterprise_id","kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "spare_docs_no_uq" ON "spare_docs" USING btree ("enterprise_id","doc_no");--> statement-breakpoint
CREATE INDEX "spare_docs_state_idx" ON "spare_docs" USING btree ("enterprise_id","state","id");--> statement-breakpoint
CREATE INDEX "spare_state_logs_record_idx" ON "spare_state_logs" USING btree ("enterprise_id","kind","record_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "spare_types_name_uq" ON "spare_types" USING btree ("enterprise_id","parent_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "spare_units_serial_uq" ON "spare_units" USING btree ("enterprise_id","spare_id","serial");--> statement-breakpoint
CREATE INDEX "spare_units_warehouse_idx" ON "spare_units" USING btree ("enterprise_id","warehouse_id","spare_id");--> statement-breakpoint
CREATE INDEX "spare_units_product_idx" ON "spare_units" USING btree ("enterprise_id","installed_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "spares_code_uq" ON "spares" USING btree ("enterprise_id","code");--> statement-breakpoint
CREATE INDEX "spares_type_idx" ON "spares" USING btree ("enterprise_id","type_id","id");--> statement-breakpoint
CREATE INDEX "spares_name_idx" ON "spares" USING btree ("enterprise_id","name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "stock_logs_spare_idx" ON "stock_logs" USING btree ("enterprise_id","spare_id","id");--> statement-breakpoint
CREATE INDEX "stock_logs_warehouse_idx" ON "stock_logs" USING btree ("enterprise_id","warehouse_id","id");--> statement-breakpoint
CREATE INDEX "stock_logs_doc_idx" ON "stock_logs" USING btree ("enterprise_id","doc_kind","doc_id");--> statement-breakpoint
CREATE INDEX "stocks_spare_idx" ON "stocks" USING btree ("enterprise_id","spare_id","warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_name_uq" ON "warehouses" USING btree ("enterprise_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_owner_uq" ON "warehouses" USING btree ("enterprise_id","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_contracts_uq" ON "project_contracts" USING btree ("enterprise_id","project_id","kind","contract_id");--> statement-breakpoint
CREATE INDEX "project_files_project_idx" ON "project_files" USING btree ("enterprise_id","project_id","id");--> statement-breakpoint
CREATE INDEX "project_logs_record_idx" ON "project_logs" USING btree ("enterprise_id","project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "project_messages_project_idx" ON "project_messages" USING btree ("enterprise_id","project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "project_products_project_idx" ON "project_products" USING btree ("enterprise_id","project_id","id");--> statement-breakpoint
CREATE INDEX "project_stages_project_idx" ON "project_stages" USING btree ("enterprise_id","project_id","sort","id");--> statement-breakpoint
CREATE INDEX "project_task_logs_record_idx" ON "project_task_logs" USING btree ("enterprise_id","task_id","created_at","id");--> statement-breakpoint
CREATE INDEX "project_tasks_project_idx" ON "project_tasks" USING btree ("enterprise_id","project_id","stage_id","sort","id");--> statement-breakpoint
CREATE INDEX "project_tasks_principal_idx" ON "project_tasks" USING btree ("enterprise_id","principal_id","state");--> statement-breakpoint
CREATE INDEX "project_tasks_approval_idx" ON "project_tasks" USING btree ("enterprise_id","approver_id") WHERE state = 3;--> statement-breakpoint
CREATE INDEX "project_tasks_due_idx" ON "project_tasks" USING btree ("enterprise_id","plan_end") WHERE state in (0, 3);--> statement-breakpoint
CREATE INDEX "project_tasks_remind_idx" ON "project_tasks" USING btree ("plan_end") WHERE remind and reminded_at is null and state in (0, 3);--> statement-breakpoint
CREATE INDEX "project_tmpl_stages_tmpl_idx" ON "project_tmpl_stages" USING btree ("enterprise_id","template_id","sort","id");--> statement-breakpoint
CREATE INDEX "project_tmpl_tasks_tmpl_idx" ON "project_tmpl_tasks" USING btree ("enterprise_id","template_id","stage_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_no_uq" ON "projects" USING btree ("enterprise_id","project_no");--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_state_idx" ON "projects" USING btree ("enterprise_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_template_idx" ON "projects" USING btree ("enterprise_id","template_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_template_state_idx" ON "projects" USING btree ("enterprise_id","template_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_creator_idx" ON "projects" USING btree ("enterprise_id","created_by","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_customer_idx" ON "projects" USING btree ("enterprise_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_finish_idx" ON "projects" USING btree ("enterprise_id","finish_time","id");--> statement-breakpoint
CREATE INDEX "projects_approval_idx" ON "projects" USING btree ("enterprise_id","approval") WHERE approval in ('create', 'finish');--> statement-breakpoint
CREATE INDEX "projects_grams_idx" ON "projects" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "pool_rules_sort_idx" ON "pool_rules" USING btree ("enterprise_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_sla_clocks_uq" ON "order_sla_clocks" USING btree ("enterprise_id","order_id","type");--> statement-breakpoint
CREATE INDEX "order_sla_clocks_deadline_idx" ON "order_sla_clocks" USING btree ("deadline_at") WHERE breached_at is null and deadline_at is not null;--> statement-breakpoint
CREATE INDEX "order_sla_clocks_warn_idx" ON "order_sla_clocks" USING btree ("warn_at") WHERE warned_at is null and warn_at is not null;--> statement-breakpoint
CREATE INDEX "order_sla_clocks_escalate_idx" ON "order_sla_clocks" USING btree ("next_escalation_at") WHERE next_escalation_at is not null;--> statement-breakpoint
CREATE INDEX "order_sla_clocks_breach_idx" ON "order_sla_clocks" USING btree ("enterprise_id","breached_at","type") WHERE breached_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sla_policies_name_uq" ON "sla_policies" USING btree ("enterprise_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "event_sla_clocks_uq" ON "event_sla_clocks" USING btree ("enterprise_id","event_id","type");--> statement-breakpoint
CREATE INDEX "event_sla_clocks_deadline_idx" ON "event_sla_clocks" USING btree ("deadline_at") WHERE breached_at is null and deadline_at is not null;--> statement-breakpoint
CREATE INDEX "event_sla_clocks_warn_idx" ON "event_sla_clocks" USING btree ("warn_at") WHERE warned_at is null and warn_at is not null;--> statement-breakpoint
CREATE INDEX "event_sla_clocks_breach_idx" ON "event_sla_clocks" USING btree ("enterprise_id","breached_at","type") WHERE breached_at is not null;--> statement-breakpoint
CREATE INDEX "order_day_counts_day_idx" ON "order_day_counts" USING btree ("enterprise_id","day");--> statement-breakpoint
CREATE INDEX "order_state_counts_ep_idx" ON "order_state_counts" USING btree ("enterprise_id","state","invalid");--> statement-breakpoint
CREATE INDEX "approval_delegations_delegate_idx" ON "approval_delegations" USING btree ("enterprise_id","delegate_id","ends_at");--> statement-breakpoint
CREATE INDEX "approval_delegations_user_idx" ON "approval_delegations" USING btree ("enterprise_id","user_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_flow_versions_uq" ON "approval_flow_versions" USING btree ("enterprise_id","flow_id","version");--> statement-breakpoint
CREATE INDEX "approval_flows_kind_idx" ON "approval_flows" USING btree ("enterprise_id","kind","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_instances_waiting_uq" ON "approval_instances" USING btree ("enterprise_id","kind","doc_id") WHERE state = 0;--> statement-breakpoint
CREATE INDEX "approval_instances_doc_idx" ON "approval_instances" USING btree ("enterprise_id","kind","doc_id","id");--> statement-breakpoint
CREATE INDEX "approval_instances_applicant_idx" ON "approval_instances" USING btree ("enterprise_id","applicant_id","state","id");--> statement-breakpoint
CREATE INDEX "approval_instances_provider_idx" ON "approval_instances" USING btree ("enterprise_id","provider_id","state","id");--> statement-breakpoint
CREATE INDEX "approval_logs_instance_idx" ON "approval_logs" USING btree ("enterprise_id","instance_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_tasks_uq" ON "approval_tasks" USING btree ("enterprise_id","instance_id","step","user_id");--> statement-breakpoint
CREATE INDEX "approval_tasks_user_idx" ON "approval_tasks" USING btree ("enterprise_id","user_id","decision","instance_id");--> statement-breakpoint
CREATE INDEX "approval_tasks_actor_idx" ON "approval_tasks" USING btree ("enterprise_id","acted_by","instance_id");--> statement-breakpoint
CREATE INDEX "return_visit_candidates_due_idx" ON "return_visit_candidates" USING btree ("finished_at");--> statement-breakpoint
CREATE INDEX "return_visit_logs_task_idx" ON "return_visit_logs" USING btree ("enterprise_id","task_id","id");--> statement-breakpoint
CREATE INDEX "return_visit_plans_live_idx" ON "return_visit_plans" USING btree ("enterprise_id","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "return_visit_tasks_record_uq" ON "return_visit_tasks" USING btree ("enterprise_id","visit_type","record_id");--> statement-breakpoint
CREATE INDEX "return_visit_tasks_state_idx" ON "return_visit_tasks" USING btree ("enterprise_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "return_visit_tasks_created_idx" ON "return_visit_tasks" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "return_visit_tasks_visitor_idx" ON "return_visit_tasks" USING btree ("enterprise_id","visitor_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "return_visit_tasks_pool_idx" ON "return_visit_tasks" USING btree ("enterprise_id","created_at","id") WHERE visitor_id is null and state = 1;--> statement-breakpoint
CREATE INDEX "return_visit_tasks_order_no_idx" ON "return_visit_tasks" USING btree ("enterprise_id","order_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "return_visit_tasks_grams_idx" ON "return_visit_tasks" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "return_visit_tasks_visited_idx" ON "return_visit_tasks" USING btree ("enterprise_id","visited_at","id");--> statement-breakpoint
CREATE INDEX "return_visit_tasks_plan_idx" ON "return_visit_tasks" USING btree ("enterprise_id","plan_id","created_at");--> statement-breakpoint
CREATE INDEX "return_visit_tasks_engineer_idx" ON "return_visit_tasks" USING btree ("enterprise_id","engineer_id","created_at");--> statement-breakpoint
CREATE INDEX "return_visit_tasks_group_idx" ON "return_visit_tasks" USING btree ("enterprise_id","service_group_id","created_at");--> statement-breakpoint
CREATE INDEX "return_visit_tasks_template_idx" ON "return_visit_tasks" USING btree ("enterprise_id","template_id","created_at");--> statement-breakpoint
CREATE INDEX "return_visit_tasks_reason_idx" ON "return_visit_tasks" USING btree ("enterprise_id","reason","created_at") WHERE state = 2;--> statement-breakpoint
CREATE INDEX "return_visit_tasks_customer_idx" ON "return_visit_tasks" USING btree ("enterprise_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "return_visit_tasks_order_idx" ON "return_visit_tasks" USING btree ("enterprise_id","order_id");--> statement-breakpoint
CREATE INDEX "return_visit_tasks_next_idx" ON "return_visit_tasks" USING btree ("next_visit_at") WHERE state = 4;--> statement-breakpoint
CREATE UNIQUE INDEX "return_visit_tokens_hash_uq" ON "return_visit_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "return_visit_tokens_task_idx" ON "return_visit_tokens" USING btree ("enterprise_id","task_id");--> statement-breakpoint
CREATE INDEX "fee_standards_list_idx" ON "fee_standards" USING btree ("enterprise_id","template_id","id");--> statement-breakpoint
CREATE INDEX "fee_standards_enabled_idx" ON "fee_standards" USING btree ("enterprise_id","id") WHERE enabled;--> statement-breakpoint
CREATE INDEX "provider_order_fees_provider_idx" ON "provider_order_fees" USING btree ("enterprise_id","provider_id","priced_at","order_id");--> statement-breakpoint
CREATE INDEX "settlement_lines_settlement_idx" ON "settlement_lines" USING btree ("enterprise_id","settlement_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_lines_order_uq" ON "settlement_lines" USING btree ("enterprise_id","order_id") WHERE order_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_lines_claim_uq" ON "settlement_lines" USING btree ("enterprise_id","claim_id") WHERE claim_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_lines_reward_uq" ON "settlement_lines" USING btree ("enterprise_id","reward_id") WHERE reward_id is not null;--> statement-breakpoint
CREATE INDEX "settlement_lines_disputed_idx" ON "settlement_lines" USING btree ("enterprise_id","settlement_id") WHERE dispute_state = 1;--> statement-breakpoint
CREATE INDEX "settlement_logs_record_idx" ON "settlement_logs" USING btree ("enterprise_id","settlement_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_no_uq" ON "settlements" USING btree ("enterprise_id","settle_no");--> statement-breakpoint
CREATE INDEX "settlements_list_idx" ON "settlements" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "settlements_provider_idx" ON "settlements" USING btree ("enterprise_id","provider_id","created_at","id");--> statement-breakpoint
CREATE INDEX "settlements_state_idx" ON "settlements" USING btree ("enterprise_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "complaint_logs_record_idx" ON "complaint_logs" USING btree ("enterprise_id","complaint_id","created_at","id");--> statement-breakpoint
CREATE INDEX "complaint_serial_stats_repeat_idx" ON "complaint_serial_stats" USING btree ("enterprise_id","n" DESC NULLS LAST,"serial") WHERE n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_visit_uq" ON "complaints" USING btree ("enterprise_id","visit_task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_no_uq" ON "complaints" USING btree ("enterprise_id","complaint_no");--> statement-breakpoint
CREATE INDEX "complaints_created_idx" ON "complaints" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "complaints_state_idx" ON "complaints" USING btree ("enterprise_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "complaints_level_idx" ON "complaints" USING btree ("enterprise_id","level","created_at");--> statement-breakpoint
CREATE INDEX "complaints_source_idx" ON "complaints" USING btree ("enterprise_id","source_type","created_at");--> statement-breakpoint
CREATE INDEX "complaints_customer_idx" ON "complaints" USING btree ("enterprise_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_model_idx" ON "complaints" USING btree ("enterprise_id","product_model_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_fault_idx" ON "complaints" USING btree ("enterprise_id","fault_mode_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_place_idx" ON "complaints" USING btree ("enterprise_id","place_of_use","created_at");--> statement-breakpoint
CREATE INDEX "complaints_sales_idx" ON "complaints" USING btree ("enterprise_id","sales_unit","created_at");--> statement-breakpoint
CREATE INDEX "complaints_resp_idx" ON "complaints" USING btree ("enterprise_id","responsibility","created_at");--> statement-breakpoint
CREATE INDEX "complaints_serial_idx" ON "complaints" USING btree ("enterprise_id","serial_number","created_at");--> statement-breakpoint
CREATE INDEX "complaints_order_idx" ON "complaints" USING btree ("enterprise_id","order_id");--> statement-breakpoint
CREATE INDEX "complaints_provider_idx" ON "complaints" USING btree ("enterprise_id","provider_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_grams_idx" ON "complaints" USING gin ("search_grams");--> statement-breakpoint
CREATE UNIQUE INDEX "fault_modes_code_uq" ON "fault_modes" USING btree ("enterprise_id","category","code");--> statement-breakpoint
CREATE INDEX "fault_modes_tree_idx" ON "fault_modes" USING btree ("enterprise_id","category","level","sort","id");--> statement-breakpoint
CREATE INDEX "fault_modes_parent_idx" ON "fault_modes" USING btree ("enterprise_id","parent_id");--> statement-breakpoint
CREATE INDEX "order_fault_modes_mode_idx" ON "order_fault_modes" USING btree ("enterprise_id","fault_mode_id");--> statement-breakpoint
CREATE UNIQUE INDEX "complaint_sla_clocks_uq" ON "complaint_sla_clocks" USING btree ("enterprise_id","complaint_id","type");--> statement-breakpoint
CREATE INDEX "complaint_sla_clocks_deadline_idx" ON "complaint_sla_clocks" USING btree ("deadline_at") WHERE breached_at is null and deadline_at is not null;--> statement-breakpoint
CREATE INDEX "exchange_order_logs_record_idx" ON "exchange_order_logs" USING btree ("enterprise_id","exchange_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_orders_no_uq" ON "exchange_orders" USING btree ("enterprise_id","exchange_no");--> statement-breakpoint
CREATE INDEX "exchange_orders_created_idx" ON "exchange_orders" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "exchange_orders_state_idx" ON "exchange_orders" USING btree ("enterprise_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "exchange_orders_kind_idx" ON "exchange_orders" USING btree ("enterprise_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "exchange_orders_customer_idx" ON "exchange_orders" USING btree ("enterprise_id","customer_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "exchange_orders_complaint_idx" ON "exchange_orders" USING btree ("enterprise_id","complaint_id");--> statement-breakpoint
CREATE INDEX "exchange_orders_order_idx" ON "exchange_orders" USING btree ("enterprise_id","order_id");--> statement-breakpoint
CREATE INDEX "exchange_orders_repair_idx" ON "exchange_orders" USING btree ("enterprise_id","repair_id");--> statement-breakpoint
CREATE INDEX "repair_order_logs_record_idx" ON "repair_order_logs" USING btree ("enterprise_id","repair_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "repair_orders_no_uq" ON "repair_orders" USING btree ("enterprise_id","repair_no");--> statement-breakpoint
CREATE INDEX "repair_orders_created_idx" ON "repair_orders" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "repair_orders_state_idx" ON "repair_orders" USING btree ("enterprise_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "repair_orders_source_idx" ON "repair_orders" USING btree ("enterprise_id","source_type","created_at");--> statement-breakpoint
CREATE INDEX "repair_orders_serial_idx" ON "repair_orders" USING btree ("enterprise_id","serial_number");--> statement-breakpoint
CREATE INDEX "repair_orders_customer_idx" ON "repair_orders" USING btree ("enterprise_id","customer_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "repair_orders_complaint_idx" ON "repair_orders" USING btree ("enterprise_id","complaint_id");--> statement-breakpoint
CREATE INDEX "repair_orders_order_idx" ON "repair_orders" USING btree ("enterprise_id","order_id");--> statement-breakpoint
CREATE INDEX "repair_orders_visit_task_idx" ON "repair_orders" USING btree ("enterprise_id","visit_task_id");--> statement-breakpoint
CREATE INDEX "repair_orders_completed_idx" ON "repair_orders" USING btree ("completed_at") WHERE state = 2;--> statement-breakpoint
CREATE INDEX "fee_claim_logs_record_idx" ON "fee_claim_logs" USING btree ("enterprise_id","claim_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_claims_no_uq" ON "fee_claims" USING btree ("enterprise_id","claim_no");--> statement-breakpoint
CREATE INDEX "fee_claims_list_idx" ON "fee_claims" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fee_claims_provider_idx" ON "fee_claims" USING btree ("enterprise_id","provider_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fee_claims_state_idx" ON "fee_claims" USING btree ("enterprise_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "fee_claims_order_idx" ON "fee_claims" USING btree ("enterprise_id","order_id");--> statement-breakpoint
CREATE INDEX "fee_claims_check_idx" ON "fee_claims" USING btree ("enterprise_id","check_state","created_at","id") WHERE check_state > 0;--> statement-breakpoint
CREATE INDEX "fee_claims_payable_idx" ON "fee_claims" USING btree ("enterprise_id","provider_id","payable_at") WHERE payable_at is not null;--> statement-breakpoint
CREATE INDEX "case_logs_record_idx" ON "case_logs" USING btree ("enterprise_id","case_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cases_order_uq" ON "cases" USING btree ("enterprise_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cases_converted_uq" ON "cases" USING btree ("enterprise_id","converted_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cases_no_uq" ON "cases" USING btree ("enterprise_id","case_no");--> statement-breakpoint
CREATE INDEX "cases_created_idx" ON "cases" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cases_state_idx" ON "cases" USING btree ("enterprise_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "cases_source_idx" ON "cases" USING btree ("enterprise_id","source","created_at");--> statement-breakpoint
CREATE INDEX "cases_model_idx" ON "cases" USING btree ("enterprise_id","product_model_id","fault_mode_id");--> statement-breakpoint
CREATE INDEX "cases_model_published_idx" ON "cases" USING btree ("enterprise_id","product_model_id","published_at","id") WHERE state = 2;--> statement-breakpoint
CREATE INDEX "cases_fault_idx" ON "cases" USING btree ("enterprise_id","fault_mode_id");--> statement-breakpoint
CREATE INDEX "cases_provider_idx" ON "cases" USING btree ("enterprise_id","provider_id","created_at");--> statement-breakpoint
CREATE INDEX "cases_published_idx" ON "cases" USING btree ("enterprise_id","published_at","id") WHERE state = 2;--> statement-breakpoint
CREATE INDEX "cases_grams_idx" ON "cases" USING gin ("search_grams");--> statement-breakpoint
CREATE UNIQUE INDEX "kb_article_versions_uq" ON "kb_article_versions" USING btree ("enterprise_id","article_id","version");--> statement-breakpoint
CREATE INDEX "kb_articles_updated_idx" ON "kb_articles" USING btree ("enterprise_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "kb_articles_category_idx" ON "kb_articles" USING btree ("enterprise_id","category_id","updated_at");--> statement-breakpoint
CREATE INDEX "kb_articles_model_idx" ON "kb_articles" USING btree ("enterprise_id","product_model_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "kb_articles_fault_idx" ON "kb_articles" USING btree ("enterprise_id","fault_mode_id");--> statement-breakpoint
CREATE INDEX "kb_articles_grams_idx" ON "kb_articles" USING gin ("search_grams");--> statement-breakpoint
CREATE UNIQUE INDEX "kb_categories_name_uq" ON "kb_categories" USING btree ("enterprise_id","name");--> statement-breakpoint
CREATE INDEX "reward_logs_record_idx" ON "reward_logs" USING btree ("enterprise_id","reward_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_no_uq" ON "rewards" USING btree ("enterprise_id","reward_no");--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_cause_uq" ON "rewards" USING btree ("enterprise_id","cause_type","cause_id") WHERE cause_type > 0;--> statement-breakpoint
CREATE INDEX "rewards_list_idx" ON "rewards" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "rewards_provider_idx" ON "rewards" USING btree ("enterprise_id","provider_id","created_at","id");--> statement-breakpoint
CREATE INDEX "rewards_state_idx" ON "rewards" USING btree ("enterprise_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "rewards_kind_idx" ON "rewards" USING btree ("enterprise_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "rewards_cause_idx" ON "rewards" USING btree ("enterprise_id","cause_type","created_at","id");--> statement-breakpoint
CREATE INDEX "rewards_order_idx" ON "rewards" USING btree ("enterprise_id","order_id") WHERE order_id is not null;--> statement-breakpoint
CREATE INDEX "rewards_approved_idx" ON "rewards" USING btree ("enterprise_id","provider_id","approved_at") WHERE approved_at is not null;--> statement-breakpoint
CREATE INDEX "quotation_logs_record_idx" ON "quotation_logs" USING btree ("enterprise_id","quotation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_no_uq" ON "quotations" USING btree ("enterprise_id","quote_no");--> statement-breakpoint
CREATE INDEX "quotations_list_idx" ON "quotations" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quotations_state_idx" ON "quotations" USING btree ("enterprise_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "quotations_sales_idx" ON "quotations" USING btree ("enterprise_id","sales_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quotations_customer_idx" ON "quotations" USING btree ("enterprise_id","customer_id");--> statement-breakpoint
CREATE INDEX "quotations_order_idx" ON "quotations" USING btree ("enterprise_id","order_id") WHERE order_id is not null;--> statement-breakpoint
CREATE INDEX "quotations_due_idx" ON "quotations" USING btree ("valid_until") WHERE state = 2;--> statement-breakpoint
CREATE INDEX "warranty_extension_logs_record_idx" ON "warranty_extension_logs" USING btree ("enterprise_id","extension_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_extensions_no_uq" ON "warranty_extensions" USING btree ("enterprise_id","ext_no");--> statement-breakpoint
CREATE INDEX "warranty_extensions_list_idx" ON "warranty_extensions" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "warranty_extensions_state_idx" ON "warranty_extensions" USING btree ("enterprise_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "warranty_extensions_product_idx" ON "warranty_extensions" USING btree ("enterprise_id","installed_product_id","state");--> statement-breakpoint
CREATE INDEX "warranty_extensions_customer_idx" ON "warranty_extensions" USING btree ("enterprise_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_extensions_waiting_uq" ON "warranty_extensions" USING btree ("enterprise_id","installed_product_id") WHERE state = 1;--> statement-breakpoint
CREATE INDEX "warranty_extensions_due_idx" ON "warranty_extensions" USING btree ("end_date") WHERE state = 2;--> statement-breakpoint
CREATE INDEX "cycle_plan_logs_record_idx" ON "cycle_plan_logs" USING btree ("enterprise_id","plan_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cycle_plan_orders_order_idx" ON "cycle_plan_orders" USING btree ("enterprise_id","order_id");--> statement-breakpoint
CREATE INDEX "cycle_plans_engineer_idx" ON "cycle_plans" USING btree ("enterprise_id","engineer_id");--> statement-breakpoint
CREATE INDEX "cycle_plans_created_idx" ON "cycle_plans" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cycle_plans_state_idx" ON "cycle_plans" USING btree ("enterprise_id","state","id");--> statement-breakpoint
CREATE INDEX "cycle_plans_template_idx" ON "cycle_plans" USING btree ("enterprise_id","template_id");--> statement-breakpoint
CREATE INDEX "cycle_plans_customer_idx" ON "cycle_plans" USING btree ("enterprise_id","customer_id");--> statement-breakpoint
CREATE INDEX "cycle_plans_product_idx" ON "cycle_plans" USING btree ("enterprise_id","installed_product_id");--> statement-breakpoint
CREATE INDEX "cycle_plans_contract_idx" ON "cycle_plans" USING btree ("enterprise_id","contract_id");--> statement-breakpoint
CREATE INDEX "cycle_templates_live_idx" ON "cycle_templates" USING btree ("enterprise_id","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_login_tokens_hash_uq" ON "portal_login_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_login_tokens_account_idx" ON "portal_login_tokens" USING btree ("enterprise_id","account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_sessions_id_uq" ON "portal_sessions" USING btree ("id");--> statement-breakpoint
CREATE INDEX "portal_sessions_account_idx" ON "portal_sessions" USING btree ("enterprise_id","account_id");--> statement-breakpoint
CREATE INDEX "portal_uploads_account_idx" ON "portal_uploads" USING btree ("enterprise_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_sign_links_hash_uq" ON "quotation_sign_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "quotation_sign_links_quotation_idx" ON "quotation_sign_links" USING btree ("enterprise_id","quotation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_reports_token_uq" ON "scan_reports" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "scan_reports_product_idx" ON "scan_reports" USING btree ("enterprise_id","product_id","created_at");--> statement-breakpoint
CREATE INDEX "call_record_logs_record_idx" ON "call_record_logs" USING btree ("enterprise_id","record_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "call_records_call_uq" ON "call_records" USING btree ("enterprise_id","call_id");--> statement-breakpoint
CREATE INDEX "call_records_started_idx" ON "call_records" USING btree ("enterprise_id","started_at","id");--> statement-breakpoint
CREATE INDEX "call_records_user_idx" ON "call_records" USING btree ("enterprise_id","user_id","started_at","id");--> statement-breakpoint
CREATE INDEX "call_records_state_idx" ON "call_records" USING btree ("enterprise_id","state","started_at","id");--> statement-breakpoint
CREATE INDEX "call_records_direction_idx" ON "call_records" USING btree ("enterprise_id","direction","started_at","id");--> statement-breakpoint
CREATE INDEX "call_records_callback_idx" ON "call_records" USING btree ("enterprise_id","callback_state","started_at","id");--> statement-breakpoint
CREATE INDEX "call_records_customer_idx" ON "call_records" USING btree ("enterprise_id","customer_id","started_at","id");--> statement-breakpoint
CREATE INDEX "call_records_number_idx" ON "call_records" USING btree ("enterprise_id","number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "call_records_contact_idx" ON "call_records" USING btree ("enterprise_id","contact_id");--> statement-breakpoint
CREATE INDEX "call_records_live_idx" ON "call_records" USING btree ("enterprise_id","user_id") WHERE state in (1, 2);--> statement-breakpoint
CREATE INDEX "call_records_my_callbacks_idx" ON "call_records" USING btree ("enterprise_id","user_id") WHERE callback_state = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "call_seats_user_uq" ON "call_seats" USING btree ("enterprise_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "call_seats_no_uq" ON "call_seats" USING btree ("enterprise_id","seat_no");--> statement-breakpoint
CREATE INDEX "order_report_dirty_day_idx" ON "order_report_dirty" USING btree ("enterprise_id","axis","day");--> statement-breakpoint
CREATE INDEX "report_queries_user_idx" ON "report_queries" USING btree ("enterprise_id","user_id","updated_at");--> statement-breakpoint
CREATE INDEX "report_queries_shared_idx" ON "report_queries" USING btree ("enterprise_id","updated_at") WHERE shared;--> statement-breakpoint
CREATE INDEX "channel_settings_corp_idx" ON "channel_settings" USING btree ("channel","corp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_users_platform_uq" ON "channel_users" USING btree ("enterprise_id","channel","platform_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_messages_notice_uq" ON "work_messages" USING btree ("enterprise_id","notice_id","channel");--> statement-breakpoint
CREATE INDEX "work_messages_due_idx" ON "work_messages" USING btree ("next_attempt_at") WHERE status in (0, 2);--> statement-breakpoint
CREATE INDEX "work_messages_claimed_idx" ON "work_messages" USING btree ("claimed_at") WHERE status = 4;--> statement-breakpoint
CREATE INDEX "work_messages_user_idx" ON "work_messages" USING btree ("enterprise_id","user_id","id");--> statement-breakpoint
CREATE INDEX "work_messages_status_idx" ON "work_messages" USING btree ("enterprise_id","status","channel","id");--> statement-breakpoint
CREATE INDEX "work_messages_channel_idx" ON "work_messages" USING btree ("enterprise_id","channel","id");--> statement-breakpoint
CREATE INDEX "plan_drafts_created_idx" ON "plan_drafts" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "plan_proposal_logs_record_idx" ON "plan_proposal_logs" USING btree ("enterprise_id","proposal_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_proposals_order_uq" ON "plan_proposals" USING btree ("enterprise_id","draft_id","order_id");