export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12"
  }
  public: {
    Tables: {
      availability_rules: {
        Row: {
          day_of_week: number
          end_time: string
          id: number
          is_enabled: boolean
          start_time: string
          team_id: number | null
          user_id: string | null
        }
        Insert: {
          day_of_week: number
          end_time?: string
          id?: never
          is_enabled?: boolean
          start_time?: string
          team_id?: number | null
          user_id?: string | null
        }
        Update: {
          day_of_week?: number
          end_time?: string
          id?: never
          is_enabled?: boolean
          start_time?: string
          team_id?: number | null
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "availability_rules_team_id_fkey"
            columns: ["team_id"]
            referencedRelation: "teams"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "availability_rules_user_id_fkey"
            columns: ["user_id"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      booking_answers: {
        Row: {
          answers: NonNullable<Json>
          booking_id: number
        }
        Insert: {
          answers: NonNullable<Json>
          booking_id: number
        }
        Update: {
          answers?: NonNullable<Json>
          booking_id?: number
        }
        Relationships: [
          {
            foreignKeyName: "booking_answers_booking_id_fkey"
            columns: ["booking_id"]
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
        ]
      }
      booking_attendees: {
        Row: {
          booking_id: number
          created_at: string
          email: string
        }
        Insert: {
          booking_id: number
          created_at?: string
          email: string
        }
        Update: {
          booking_id?: number
          created_at?: string
          email?: string
        }
        Relationships: [
          {
            foreignKeyName: "booking_attendees_booking_id_fkey"
            columns: ["booking_id"]
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
        ]
      }
      booking_busy: {
        Row: {
          active: boolean
          booking_id: number
          during: unknown
          shared_by: number
          user_id: string
        }
        Insert: {
          active?: boolean
          booking_id: number
          during: unknown
          shared_by: number
          user_id: string
        }
        Update: {
          active?: boolean
          booking_id?: number
          during?: unknown
          shared_by?: number
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "booking_busy_booking_id_fkey"
            columns: ["booking_id"]
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "booking_busy_user_id_fkey"
            columns: ["user_id"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      booking_series: {
        Row: {
          count: number
          created_at: string
          ended_from: string | null
          event_type_id: number
          first_start: string
          frequency: Database["public"]["Enums"]["series_frequency"]
          ical_sequence: number
          ical_uid: string
          id: number
          skipped: string[]
          team_id: number | null
          time_zone: string
          user_id: string | null
        }
        Insert: {
          count: number
          created_at?: string
          ended_from?: string | null
          event_type_id: number
          first_start: string
          frequency: Database["public"]["Enums"]["series_frequency"]
          ical_sequence?: number
          ical_uid?: string
          id?: never
          skipped?: string[]
          team_id?: number | null
          time_zone: string
          user_id?: string | null
        }
        Update: {
          count?: number
          created_at?: string
          ended_from?: string | null
          event_type_id?: number
          first_start?: string
          frequency?: Database["public"]["Enums"]["series_frequency"]
          ical_sequence?: number
          ical_uid?: string
          id?: never
          skipped?: string[]
          team_id?: number | null
          time_zone?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "booking_series_event_type_id_fkey"
            columns: ["event_type_id"]
            referencedRelation: "event_types"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "booking_series_team_id_fkey"
            columns: ["team_id"]
            referencedRelation: "teams"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "booking_series_user_id_fkey"
            columns: ["user_id"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      bookings: {
        Row: {
          assigned_user_id: string | null
          cancellation_reason: string | null
          cancelled_by: string | null
          created_at: string
          end_time: string
          event_type_id: number
          guest_company: string | null
          guest_email: string
          guest_locale: string
          guest_name: string
          guest_phone: string | null
          guest_timezone: string | null
          hold_expires_at: string | null
          ical_sequence: number
          ical_uid: string
          id: number
          location: Json | null
          manage_token_hash: string | null
          notes: string | null
          recurrence_id: string | null
          rescheduled_from: number | null
          rescheduled_to: number | null
          seat_slot_id: number | null
          series_id: number | null
          start_time: string
          status: Database["public"]["Enums"]["booking_status"]
          team_id: number | null
          uid: string
          updated_at: string
          user_id: string | null
          link_state: Json | null
        }
        Insert: {
          assigned_user_id?: string | null
          cancellation_reason?: string | null
          cancelled_by?: string | null
          created_at?: string
          end_time: string
          event_type_id: number
          guest_company?: string | null
          guest_email: string
          guest_locale?: string
          guest_name: string
          guest_phone?: string | null
          guest_timezone?: string | null
          hold_expires_at?: string | null
          ical_sequence?: number
          ical_uid?: string
          id?: never
          location?: Json | null
          manage_token_hash?: string | null
          notes?: string | null
          recurrence_id?: string | null
          rescheduled_from?: number | null
          rescheduled_to?: number | null
          seat_slot_id?: number | null
          series_id?: number | null
          start_time: string
          status?: Database["public"]["Enums"]["booking_status"]
          team_id?: number | null
          uid?: string
          updated_at?: string
          user_id?: string | null
        }
        Update: {
          assigned_user_id?: string | null
          cancellation_reason?: string | null
          cancelled_by?: string | null
          created_at?: string
          end_time?: string
          event_type_id?: number
          guest_company?: string | null
          guest_email?: string
          guest_locale?: string
          guest_name?: string
          guest_phone?: string | null
          guest_timezone?: string | null
          hold_expires_at?: string | null
          ical_sequence?: number
          ical_uid?: string
          id?: never
          location?: Json | null
          manage_token_hash?: string | null
          notes?: string | null
          recurrence_id?: string | null
          rescheduled_from?: number | null
          rescheduled_to?: number | null
          seat_slot_id?: number | null
          series_id?: number | null
          start_time?: string
          status?: Database["public"]["Enums"]["booking_status"]
          team_id?: number | null
          uid?: string
          updated_at?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "bookings_assigned_member_fkey"
            columns: ["team_id", "assigned_user_id"]
            referencedRelation: "team_members"
            referencedColumns: ["team_id", "user_id"]
          },
          {
            foreignKeyName: "bookings_event_type_fkey"
            columns: ["event_type_id"]
            referencedRelation: "event_types"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "bookings_host_owns_event_type_fkey"
            columns: ["event_type_id", "user_id"]
            referencedRelation: "event_types"
            referencedColumns: ["id", "user_id"]
          },
          {
            foreignKeyName: "bookings_rescheduled_from_fkey"
            columns: ["rescheduled_from"]
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "bookings_rescheduled_to_fkey"
            columns: ["rescheduled_to"]
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "bookings_seat_slot_id_fkey"
            columns: ["seat_slot_id"]
            referencedRelation: "seat_slots"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "bookings_series_id_fkey"
            columns: ["series_id"]
            referencedRelation: "booking_series"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "bookings_team_id_fkey"
            columns: ["team_id"]
            referencedRelation: "teams"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "bookings_team_owns_event_type_fkey"
            columns: ["event_type_id", "team_id"]
            referencedRelation: "event_types"
            referencedColumns: ["id", "team_id"]
          },
          {
            foreignKeyName: "bookings_user_id_fkey"
            columns: ["user_id"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      calendar_connections: {
        Row: {
          account: string | null
          created_at: string
          id: number
          label: string
          last_attempt_at: string | null
          last_error: string | null
          last_error_rule: Json | null
          last_synced_at: string | null
          provider: string
          server_url: string | null
          status: string
          updated_at: string
          user_id: string
          username: string | null
        }
        Insert: {
          account?: string | null
          created_at?: string
          id?: never
          label: string
          last_attempt_at?: string | null
          last_error?: string | null
          last_error_rule?: Json | null
          last_synced_at?: string | null
          provider: string
          server_url?: string | null
          status?: string
          updated_at?: string
          user_id: string
          username?: string | null
        }
        Update: {
          account?: string | null
          created_at?: string
          id?: never
          label?: string
          last_attempt_at?: string | null
          last_error?: string | null
          last_error_rule?: Json | null
          last_synced_at?: string | null
          provider?: string
          server_url?: string | null
          status?: string
          updated_at?: string
          user_id?: string
          username?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "calendar_connections_user_id_fkey"
            columns: ["user_id"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      calendar_credentials: {
        Row: {
          connection_id: number
          secret: string
        }
        Insert: {
          connection_id: number
          secret: string
        }
        Update: {
          connection_id?: number
          secret?: string
        }
        Relationships: [
          {
            foreignKeyName: "calendar_credentials_connection_id_fkey"
            columns: ["connection_id"]
            referencedRelation: "calendar_connections"
            referencedColumns: ["id"]
          },
        ]
      }
      calendar_events: {
        Row: {
          etag: string | null
          href: string
          ical_uid: string
          source_id: number
          updated_at: string
          user_id: string
        }
        Insert: {
          etag?: string | null
          href: string
          ical_uid: string
          source_id: number
          updated_at?: string
          user_id: string
        }
        Update: {
          etag?: string | null
          href?: string
          ical_uid?: string
          source_id?: number
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "calendar_events_source_id_fkey"
            columns: ["source_id"]
            referencedRelation: "calendar_sources"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "calendar_events_user_id_fkey"
            columns: ["user_id"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      calendar_feeds: {
        Row: {
          created_at: string
          token_hash: string
          user_id: string
        }
        Insert: {
          created_at?: string
          token_hash: string
          user_id: string
        }
        Update: {
          created_at?: string
          token_hash?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "calendar_feeds_user_id_fkey"
            columns: ["user_id"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      calendar_sources: {
        Row: {
          can_write: boolean
          checks_conflicts: boolean
          color: string | null
          connection_id: number
          created_at: string
          id: number
          last_synced_at: string | null
          name: string
          receives_bookings: boolean
          remote_id: string
          user_id: string
        }
        Insert: {
          can_write?: boolean
          checks_conflicts?: boolean
          color?: string | null
          connection_id: number
          created_at?: string
          id?: never
          last_synced_at?: string | null
          name: string
          receives_bookings?: boolean
          remote_id: string
          user_id: string
        }
        Update: {
          can_write?: boolean
          checks_conflicts?: boolean
          color?: string | null
          connection_id?: number
          created_at?: string
          id?: never
          last_synced_at?: string | null
          name?: string
          receives_bookings?: boolean
          remote_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "calendar_sources_connection_id_fkey"
            columns: ["connection_id"]
            referencedRelation: "calendar_connections"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "calendar_sources_user_id_fkey"
            columns: ["user_id"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      date_overrides: {
        Row: {
          created_at: string
          date: string
          end_time: string | null
          id: number
          start_time: string | null
          team_id: number | null
          user_id: string | null
        }
        Insert: {
          created_at?: string
          date: string
          end_time?: string | null
          id?: never
          start_time?: string | null
          team_id?: number | null
          user_id?: string | null
        }
        Update: {
          created_at?: string
          date?: string
          end_time?: string | null
          id?: never
          start_time?: string | null
          team_id?: number | null
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "date_overrides_team_id_fkey"
            columns: ["team_id"]
            referencedRelation: "teams"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "date_overrides_user_id_fkey"
            columns: ["user_id"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      event_types: {
        Row: {
          assignment_type: Database["public"]["Enums"]["assignment_type"] | null
          auto_confirm: boolean
          buffer_after: number | null
          buffer_before: number | null
          color: string
          created_at: string
          currency: string
          description: string | null
          duration: number
          guest_fields: NonNullable<Json>
          id: number
          is_active: boolean
          late_cancel_refund_percent: number
          locations: NonNullable<Json>
          max_bookings_per_day: number | null
          max_bookings_per_week: number | null
          max_extra_attendees: number
          max_future_bookings: number | null
          minimum_notice: number | null
          price_cents: number
          questions: NonNullable<Json>
          recurrence_frequencies: Database["public"]["Enums"]["series_frequency"][]
          recurrence_max_count: number | null
          requires_all_members: boolean | null
          seats_per_slot: number | null
          slot_interval: Database["public"]["Enums"]["slot_interval"]
          specific_member_id: string | null
          team_id: number | null
          title: string
          updated_at: string
          user_id: string | null
        }
        Insert: {
          assignment_type?:
            | Database["public"]["Enums"]["assignment_type"]
            | null
          auto_confirm?: boolean
          buffer_after?: number | null
          buffer_before?: number | null
          color?: string
          created_at?: string
          currency?: string
          description?: string | null
          duration?: number
          guest_fields?: NonNullable<Json>
          id?: number
          is_active?: boolean
          late_cancel_refund_percent?: number
          locations?: NonNullable<Json>
          max_bookings_per_day?: number | null
          max_bookings_per_week?: number | null
          max_extra_attendees?: number
          max_future_bookings?: number | null
          minimum_notice?: number | null
          price_cents?: number
          questions?: NonNullable<Json>
          recurrence_frequencies?: Database["public"]["Enums"]["series_frequency"][]
          recurrence_max_count?: number | null
          requires_all_members?: boolean | null
          seats_per_slot?: number | null
          slot_interval?: Database["public"]["Enums"]["slot_interval"]
          specific_member_id?: string | null
          team_id?: number | null
          title: string
          updated_at?: string
          user_id?: string | null
        }
        Update: {
          assignment_type?:
            | Database["public"]["Enums"]["assignment_type"]
            | null
          auto_confirm?: boolean
          buffer_after?: number | null
          buffer_before?: number | null
          color?: string
          created_at?: string
          currency?: string
          description?: string | null
          duration?: number
          guest_fields?: NonNullable<Json>
          id?: number
          is_active?: boolean
          late_cancel_refund_percent?: number
          locations?: NonNullable<Json>
          max_bookings_per_day?: number | null
          max_bookings_per_week?: number | null
          max_extra_attendees?: number
          max_future_bookings?: number | null
          minimum_notice?: number | null
          price_cents?: number
          questions?: NonNullable<Json>
          recurrence_frequencies?: Database["public"]["Enums"]["series_frequency"][]
          recurrence_max_count?: number | null
          requires_all_members?: boolean | null
          seats_per_slot?: number | null
          slot_interval?: Database["public"]["Enums"]["slot_interval"]
          specific_member_id?: string | null
          team_id?: number | null
          title?: string
          updated_at?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "event_types_specific_member_fkey"
            columns: ["team_id", "specific_member_id"]
            referencedRelation: "team_members"
            referencedColumns: ["team_id", "user_id"]
          },
          {
            foreignKeyName: "event_types_team_id_fkey"
            columns: ["team_id"]
            referencedRelation: "teams"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "event_types_user_id_fkey"
            columns: ["user_id"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      external_busy: {
        Row: {
          during: unknown
          id: number
          source_id: number
          user_id: string
        }
        Insert: {
          during: unknown
          id?: never
          source_id: number
          user_id: string
        }
        Update: {
          during?: unknown
          id?: never
          source_id?: number
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "external_busy_source_id_fkey"
            columns: ["source_id"]
            referencedRelation: "calendar_sources"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "external_busy_user_id_fkey"
            columns: ["user_id"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      outbox: {
        Row: {
          attempts: number
          available_at: string
          booking_id: number | null
          created_at: string
          deliver_before: string | null
          id: number
          kind: string
          last_attempt_at: string | null
          last_error: string | null
          locked_by: string | null
          locked_until: string | null
          max_attempts: number
          message_id: string
          payload: NonNullable<Json>
          sent_at: string | null
          status: Database["public"]["Enums"]["outbox_status"]
          topic: string
        }
        Insert: {
          attempts?: number
          available_at?: string
          booking_id?: number | null
          created_at?: string
          deliver_before?: string | null
          id?: never
          kind: string
          last_attempt_at?: string | null
          last_error?: string | null
          locked_by?: string | null
          locked_until?: string | null
          max_attempts?: number
          message_id: string
          payload: NonNullable<Json>
          sent_at?: string | null
          status?: Database["public"]["Enums"]["outbox_status"]
          topic: string
        }
        Update: {
          attempts?: number
          available_at?: string
          booking_id?: number | null
          created_at?: string
          deliver_before?: string | null
          id?: never
          kind?: string
          last_attempt_at?: string | null
          last_error?: string | null
          locked_by?: string | null
          locked_until?: string | null
          max_attempts?: number
          message_id?: string
          payload?: NonNullable<Json>
          sent_at?: string | null
          status?: Database["public"]["Enums"]["outbox_status"]
          topic?: string
        }
        Relationships: [
          {
            foreignKeyName: "outbox_booking_id_fkey"
            columns: ["booking_id"]
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
        ]
      }
      payments: {
        Row: {
          account_id: string
          amount: number
          booking_id: number
          checkout_session_id: string
          created_at: string
          currency: string
          id: number
          payment_intent_id: string | null
          receipt_url: string | null
          refund_failure: string | null
          refund_percent: number | null
          refund_status: string | null
          refunded_amount: number
          status: string
          updated_at: string
        }
        Insert: {
          account_id: string
          amount: number
          booking_id: number
          checkout_session_id: string
          created_at?: string
          currency: string
          id?: never
          payment_intent_id?: string | null
          receipt_url?: string | null
          refund_failure?: string | null
          refund_percent?: number | null
          refund_status?: string | null
          refunded_amount?: number
          status?: string
          updated_at?: string
        }
        Update: {
          account_id?: string
          amount?: number
          booking_id?: number
          checkout_session_id?: string
          created_at?: string
          currency?: string
          id?: never
          payment_intent_id?: string | null
          receipt_url?: string | null
          refund_failure?: string | null
          refund_percent?: number | null
          refund_status?: string | null
          refunded_amount?: number
          status?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "payments_booking_id_fkey"
            columns: ["booking_id"]
            referencedRelation: "bookings"
            referencedColumns: ["id"]
          },
        ]
      }
      profiles: {
        Row: {
          awaits_time_zone: boolean
          bio: string | null
          company: string | null
          created_at: string
          email: string | null
          first_name: string | null
          handle: string | null
          id: string
          instagram: string | null
          is_calendar_public: boolean
          is_public_profile: boolean
          last_name: string | null
          linkedin: string | null
          locale: string
          location: string | null
          profile_image_url: string | null
          timezone: string
          title: string | null
          twitter: string | null
          updated_at: string
          website: string | null
        }
        Insert: {
          awaits_time_zone?: boolean
          bio?: string | null
          company?: string | null
          created_at?: string
          email?: string | null
          first_name?: string | null
          handle?: string | null
          id: string
          instagram?: string | null
          is_calendar_public?: boolean
          is_public_profile?: boolean
          last_name?: string | null
          linkedin?: string | null
          locale?: string
          location?: string | null
          profile_image_url?: string | null
          timezone?: string
          title?: string | null
          twitter?: string | null
          updated_at?: string
          website?: string | null
        }
        Update: {
          awaits_time_zone?: boolean
          bio?: string | null
          company?: string | null
          created_at?: string
          email?: string | null
          first_name?: string | null
          handle?: string | null
          id?: string
          instagram?: string | null
          is_calendar_public?: boolean
          is_public_profile?: boolean
          last_name?: string | null
          linkedin?: string | null
          locale?: string
          location?: string | null
          profile_image_url?: string | null
          timezone?: string
          title?: string | null
          twitter?: string | null
          updated_at?: string
          website?: string | null
        }
        Relationships: []
      }
      seat_slots: {
        Row: {
          created_at: string
          event_type_id: number
          ical_sequence: number
          ical_uid: string
          id: number
          member_id: string | null
          start_time: string
          team_id: number | null
          user_id: string | null
        }
        Insert: {
          created_at?: string
          event_type_id: number
          ical_sequence?: number
          ical_uid?: string
          id?: never
          member_id?: string | null
          start_time: string
          team_id?: number | null
          user_id?: string | null
        }
        Update: {
          created_at?: string
          event_type_id?: number
          ical_sequence?: number
          ical_uid?: string
          id?: never
          member_id?: string | null
          start_time?: string
          team_id?: number | null
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "seat_slots_event_type_id_fkey"
            columns: ["event_type_id"]
            referencedRelation: "event_types"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "seat_slots_team_id_fkey"
            columns: ["team_id"]
            referencedRelation: "teams"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "seat_slots_user_id_fkey"
            columns: ["user_id"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      stripe_connections: {
        Row: {
          account_id: string
          charges_enabled: boolean
          connected_at: string
          country: string | null
          default_currency: string | null
          email: string | null
          requirements: string[]
          secret: string
          user_id: string
        }
        Insert: {
          account_id: string
          charges_enabled?: boolean
          connected_at?: string
          country?: string | null
          default_currency?: string | null
          email?: string | null
          requirements?: string[]
          secret: string
          user_id: string
        }
        Update: {
          account_id?: string
          charges_enabled?: boolean
          connected_at?: string
          country?: string | null
          default_currency?: string | null
          email?: string | null
          requirements?: string[]
          secret?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "stripe_connections_user_id_fkey"
            columns: ["user_id"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      stripe_events: {
        Row: {
          account_id: string | null
          created: string
          handled: boolean
          id: string
          received_at: string
          type: string
        }
        Insert: {
          account_id?: string | null
          created: string
          handled: boolean
          id: string
          received_at?: string
          type: string
        }
        Update: {
          account_id?: string | null
          created?: string
          handled?: boolean
          id?: string
          received_at?: string
          type?: string
        }
        Relationships: []
      }
      team_invitations: {
        Row: {
          created_at: string
          email: string
          expires_at: string
          id: number
          invited_by: string | null
          role: Database["public"]["Enums"]["team_role"]
          team_id: number
          token_hash: string | null
        }
        Insert: {
          created_at?: string
          email: string
          expires_at?: string
          id?: never
          invited_by?: string | null
          role?: Database["public"]["Enums"]["team_role"]
          team_id: number
          token_hash?: string | null
        }
        Update: {
          created_at?: string
          email?: string
          expires_at?: string
          id?: never
          invited_by?: string | null
          role?: Database["public"]["Enums"]["team_role"]
          team_id?: number
          token_hash?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "team_invitations_invited_by_fkey"
            columns: ["invited_by"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "team_invitations_team_id_fkey"
            columns: ["team_id"]
            referencedRelation: "teams"
            referencedColumns: ["id"]
          },
        ]
      }
      team_members: {
        Row: {
          id: number
          joined_at: string
          role: Database["public"]["Enums"]["team_role"]
          team_id: number
          user_id: string
        }
        Insert: {
          id?: never
          joined_at?: string
          role?: Database["public"]["Enums"]["team_role"]
          team_id: number
          user_id: string
        }
        Update: {
          id?: never
          joined_at?: string
          role?: Database["public"]["Enums"]["team_role"]
          team_id?: number
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "team_members_team_id_fkey"
            columns: ["team_id"]
            referencedRelation: "teams"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "team_members_user_id_fkey"
            columns: ["user_id"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      teams: {
        Row: {
          created_at: string
          description: string | null
          id: number
          is_public: boolean
          name: string
          owner_id: string
          slug: string
          timezone: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          description?: string | null
          id?: never
          is_public?: boolean
          name: string
          owner_id: string
          slug: string
          timezone?: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          description?: string | null
          id?: never
          is_public?: boolean
          name?: string
          owner_id?: string
          slug?: string
          timezone?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "teams_owner_id_fkey"
            columns: ["owner_id"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      time_off: {
        Row: {
          created_at: string
          end_date: string
          id: number
          note: string | null
          start_date: string
          user_id: string
        }
        Insert: {
          created_at?: string
          end_date: string
          id?: never
          note?: string | null
          start_date: string
          user_id: string
        }
        Update: {
          created_at?: string
          end_date?: string
          id?: never
          note?: string | null
          start_date?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "time_off_user_id_fkey"
            columns: ["user_id"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      user_settings: {
        Row: {
          buffer_after: number
          buffer_before: number
          created_at: string
          guest_change_notice: number
          max_future_bookings: number
          minimum_notice: number
          updated_at: string
          user_id: string
        }
        Insert: {
          buffer_after?: number
          buffer_before?: number
          created_at?: string
          guest_change_notice?: number
          max_future_bookings?: number
          minimum_notice?: number
          updated_at?: string
          user_id: string
        }
        Update: {
          buffer_after?: number
          buffer_before?: number
          created_at?: string
          guest_change_notice?: number
          max_future_bookings?: number
          minimum_notice?: number
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_settings_user_id_fkey"
            columns: ["user_id"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      webhook_deliveries: {
        Row: {
          attempt: number
          attempted_at: string
          duration_ms: number | null
          error: string | null
          error_rule: Json | null
          event: string
          id: number
          message_id: string
          ok: boolean
          outbox_id: number | null
          resend: boolean
          response_body: string | null
          status_code: number | null
          webhook_id: number
        }
        Insert: {
          attempt: number
          attempted_at?: string
          duration_ms?: number | null
          error?: string | null
          error_rule?: Json | null
          event: string
          id?: never
          message_id: string
          ok: boolean
          outbox_id?: number | null
          resend?: boolean
          response_body?: string | null
          status_code?: number | null
          webhook_id: number
        }
        Update: {
          attempt?: number
          attempted_at?: string
          duration_ms?: number | null
          error?: string | null
          error_rule?: Json | null
          event?: string
          id?: never
          message_id?: string
          ok?: boolean
          outbox_id?: number | null
          resend?: boolean
          response_body?: string | null
          status_code?: number | null
          webhook_id?: number
        }
        Relationships: [
          {
            foreignKeyName: "webhook_deliveries_outbox_id_fkey"
            columns: ["outbox_id"]
            referencedRelation: "outbox"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "webhook_deliveries_webhook_id_fkey"
            columns: ["webhook_id"]
            referencedRelation: "webhooks"
            referencedColumns: ["id"]
          },
        ]
      }
      webhook_secrets: {
        Row: {
          created_at: string
          expires_at: string | null
          id: number
          secret: string
          webhook_id: number
        }
        Insert: {
          created_at?: string
          expires_at?: string | null
          id?: never
          secret: string
          webhook_id: number
        }
        Update: {
          created_at?: string
          expires_at?: string | null
          id?: never
          secret?: string
          webhook_id?: number
        }
        Relationships: [
          {
            foreignKeyName: "webhook_secrets_webhook_id_fkey"
            columns: ["webhook_id"]
            referencedRelation: "webhooks"
            referencedColumns: ["id"]
          },
        ]
      }
      webhooks: {
        Row: {
          created_at: string
          created_by: string | null
          events: string[]
          id: number
          is_active: boolean
          paused_at: string | null
          paused_reason: string | null
          team_id: number | null
          updated_at: string
          url: string
          user_id: string | null
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          events: string[]
          id?: never
          is_active?: boolean
          paused_at?: string | null
          paused_reason?: string | null
          team_id?: number | null
          updated_at?: string
          url: string
          user_id?: string | null
        }
        Update: {
          created_at?: string
          created_by?: string | null
          events?: string[]
          id?: never
          is_active?: boolean
          paused_at?: string | null
          paused_reason?: string | null
          team_id?: number | null
          updated_at?: string
          url?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "webhooks_created_by_fkey"
            columns: ["created_by"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "webhooks_team_id_fkey"
            columns: ["team_id"]
            referencedRelation: "teams"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "webhooks_user_id_fkey"
            columns: ["user_id"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      zoom_connections: {
        Row: {
          connected_at: string
          secret: string
          user_id: string
        }
        Insert: {
          connected_at?: string
          secret: string
          user_id: string
        }
        Update: {
          connected_at?: string
          secret?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "zoom_connections_user_id_fkey"
            columns: ["user_id"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      zoom_meetings: {
        Row: {
          ical_uid: string
          meeting_id: number
          user_id: string
        }
        Insert: {
          ical_uid: string
          meeting_id: number
          user_id: string
        }
        Update: {
          ical_uid?: string
          meeting_id?: number
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "zoom_meetings_user_id_fkey"
            columns: ["user_id"]
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      accept_team_invitation: {
        Args: { p_invitation_id: number; p_token?: string }
        Returns: {
          id: number
          joined_at: string
          role: Database["public"]["Enums"]["team_role"]
          team_id: number
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "team_members"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      add_calendar_connection: {
        Args: {
          p_account: string
          p_calendars: Json
          p_label: string
          p_provider: string
          p_secret: string
          p_server_url: string
          p_user_id: string
          p_username: string
        }
        Returns: number
      }
      calendar_feed_created_at: {
        Args: Record<PropertyKey, never>
        Returns: string
      }
      calendar_write_state: {
        Args: { p_ical_uid: string; p_user_id: string }
        Returns: {
          attendees: Json
          booking_id: number
          end_time: string
          guest_name: string
          host_email: string
          host_name: string
          location: Json
          organiser: boolean
          sequence: number
          start_time: string
          title: string
        }[]
      }
      cancel_series_from: { Args: { p_booking_id: number }; Returns: undefined }
      check_handle: { Args: { p_handle: string }; Returns: Json }
      checkout_terms: {
        Args: { p_booking_id: number }
        Returns: {
          account_id: string
          amount: number
          booking_id: number
          currency: string
          guest_email: string
          hold_expires_at: string
          title: string
          uid: string
        }[]
      }
      create_booking: {
        Args: {
          p_end: string
          p_event_type_id: number
          p_guest: Json
          p_manage_token_hash?: string
          p_member_ids?: string[]
          p_recurrence_id?: string
          p_series_id?: number
          p_start: string
          p_uid?: string
        }
        Returns: {
          assigned_user_id: string | null
          cancellation_reason: string | null
          cancelled_by: string | null
          created_at: string
          end_time: string
          event_type_id: number
          guest_company: string | null
          guest_email: string
          guest_locale: string
          guest_name: string
          guest_phone: string | null
          guest_timezone: string | null
          hold_expires_at: string | null
          ical_sequence: number
          ical_uid: string
          id: number
          location: Json | null
          manage_token_hash: string | null
          notes: string | null
          recurrence_id: string | null
          rescheduled_from: number | null
          rescheduled_to: number | null
          seat_slot_id: number | null
          series_id: number | null
          start_time: string
          status: Database["public"]["Enums"]["booking_status"]
          team_id: number | null
          uid: string
          updated_at: string
          user_id: string | null
        }
        SetofOptions: {
          from: "*"
          to: "bookings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      create_booking_series: {
        Args: {
          p_event_type_id: number
          p_frequency: Database["public"]["Enums"]["series_frequency"]
          p_guest: Json
          p_member_ids?: string[]
          p_occurrences: Json
          p_skipped: string[]
          p_time_zone: string
        }
        Returns: Json
      }
      create_webhook: {
        Args: {
          p_events: string[]
          p_is_active?: boolean
          p_team_id?: number
          p_url: string
        }
        Returns: Json
      }
      dashboard_stats: { Args: { p_timeframe: string }; Returns: Json }
      directory_profiles: {
        Args: Record<PropertyKey, never>
        Returns: {
          bio: string
          company: string
          first_name: string
          handle: string
          id: string
          last_name: string
          location: string
          profile_image_url: string
          title: string
        }[]
      }
      enqueue_due_reminders: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      expire_payment_holds: {
        Args: { p_end?: string; p_start?: string }
        Returns: number
      }
      guest_booking: { Args: { p_token: string; p_uid: string }; Returns: Json }
      guest_cancel_booking: {
        Args: {
          p_client: string
          p_following?: boolean
          p_per_minute: number
          p_reason: string
          p_token: string
          p_uid: string
        }
        Returns: Json
      }
      guest_reschedule_booking: {
        Args: {
          p_client: string
          p_end: string
          p_member_id?: string
          p_per_minute: number
          p_start: string
          p_token: string
          p_uid: string
        }
        Returns: {
          assigned_user_id: string | null
          cancellation_reason: string | null
          cancelled_by: string | null
          created_at: string
          end_time: string
          event_type_id: number
          guest_company: string | null
          guest_email: string
          guest_locale: string
          guest_name: string
          guest_phone: string | null
          guest_timezone: string | null
          hold_expires_at: string | null
          ical_sequence: number
          ical_uid: string
          id: number
          location: Json | null
          manage_token_hash: string | null
          notes: string | null
          recurrence_id: string | null
          rescheduled_from: number | null
          rescheduled_to: number | null
          seat_slot_id: number | null
          series_id: number | null
          start_time: string
          status: Database["public"]["Enums"]["booking_status"]
          team_id: number | null
          uid: string
          updated_at: string
          user_id: string | null
        }
        SetofOptions: {
          from: "*"
          to: "bookings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      invite_team_member: {
        Args: { p_email: string; p_role?: string; p_team_id: number }
        Returns: {
          created_at: string
          email: string
          expires_at: string
          id: number
          role: Database["public"]["Enums"]["team_role"]
          team_id: number
        }[]
      }
      link_state: {
        Args: { b: Database["public"]["Tables"]["bookings"]["Row"] }
        Returns: Json
      }
      mail_invitation_link: {
        Args: { p_invitation_id: number }
        Returns: undefined
      }
      mfa_verification_attempt: { Args: { event: Json }; Returns: Json }
      outbox_claim: {
        Args: { p_lease_seconds?: number; p_limit?: number; p_worker: string }
        Returns: {
          attempts: number
          available_at: string
          booking_id: number | null
          created_at: string
          deliver_before: string | null
          id: number
          kind: string
          last_attempt_at: string | null
          last_error: string | null
          locked_by: string | null
          locked_until: string | null
          max_attempts: number
          message_id: string
          payload: NonNullable<Json>
          sent_at: string | null
          status: Database["public"]["Enums"]["outbox_status"]
          topic: string
        }[]
        SetofOptions: {
          from: "*"
          to: "outbox"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      outbox_settle: {
        Args: {
          p_error?: string
          p_id: number
          p_permanent?: boolean
          p_retry_in_seconds?: number
          p_worker: string
        }
        Returns: Database["public"]["Enums"]["outbox_status"]
      }
      ping_webhook: { Args: { p_webhook_id: number }; Returns: string }
      public_availability: {
        Args: { p_team_slug?: string; p_user_id?: string }
        Returns: {
          day_of_week: number
          end_time: string
          is_enabled: boolean
          start_time: string
        }[]
      }
      public_busy: {
        Args: { p_from: string; p_to: string; p_user_ids: string[] }
        Returns: {
          end_time: string
          start_time: string
          user_id: string
        }[]
      }
      public_event_type: {
        Args: { p_event_type_id: number }
        Returns: {
          auto_confirm: boolean
          color: string
          currency: string
          description: string
          duration: number
          guest_fields: Json
          host_company: string
          host_first_name: string
          host_handle: string
          host_last_name: string
          host_profile_image_url: string
          host_timezone: string
          host_title: string
          id: number
          locations: Json
          max_extra_attendees: number
          price_cents: number
          questions: Json
          recurrence_frequencies: Database["public"]["Enums"]["series_frequency"][]
          recurrence_max_count: number
          title: string
          user_id: string
        }[]
      }
      public_event_types: {
        Args: { p_team_slug?: string; p_user_id?: string }
        Returns: {
          assignment_type: Database["public"]["Enums"]["assignment_type"]
          auto_confirm: boolean
          color: string
          currency: string
          description: string
          duration: number
          guest_fields: Json
          id: number
          locations: Json
          max_extra_attendees: number
          price_cents: number
          questions: Json
          recurrence_frequencies: Database["public"]["Enums"]["series_frequency"][]
          recurrence_max_count: number
          requires_all_members: boolean
          specific_member_id: string
          team_id: number
          title: string
          user_id: string
        }[]
      }
      public_profile: {
        Args: { p_handle?: string; p_user_id?: string }
        Returns: {
          bio: string
          company: string
          first_name: string
          handle: string
          id: string
          instagram: string
          is_calendar_public: boolean
          is_public_profile: boolean
          last_name: string
          linkedin: string
          location: string
          profile_image_url: string
          timezone: string
          title: string
          twitter: string
          website: string
        }[]
      }
      public_team: {
        Args: { p_slug: string }
        Returns: {
          description: string
          id: number
          member_count: number
          name: string
          slug: string
          timezone: string
        }[]
      }
      public_team_members: {
        Args: { p_slug: string }
        Returns: {
          company: string
          first_name: string
          handle: string
          joined_at: string
          last_name: string
          location: string
          profile_image_url: string
          role: Database["public"]["Enums"]["team_role"]
          title: string
          user_id: string
        }[]
      }
      receive_stripe_event: {
        Args: { p_event: Json; p_livemode: boolean }
        Returns: string
      }
      record_checkout: {
        Args: {
          p_account_id: string
          p_amount: number
          p_booking_id: number
          p_currency: string
          p_session_id: string
        }
        Returns: {
          account_id: string
          amount: number
          booking_id: number
          checkout_session_id: string
          created_at: string
          currency: string
          id: number
          payment_intent_id: string | null
          receipt_url: string | null
          refund_failure: string | null
          refund_percent: number | null
          refund_status: string | null
          refunded_amount: number
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "payments"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      record_refund: {
        Args: { p_amount: number; p_failure?: string; p_payment_id: number }
        Returns: undefined
      }
      regenerate_calendar_feed: {
        Args: Record<PropertyKey, never>
        Returns: string
      }
      release_payment_hold: {
        Args: { p_booking_id: number }
        Returns: undefined
      }
      replace_availability: {
        Args: { p_rules: Json; p_team_id?: number }
        Returns: {
          day_of_week: number
          end_time: string
          id: number
          is_enabled: boolean
          start_time: string
          team_id: number | null
          user_id: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "availability_rules"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      replace_date_override: {
        Args: { p_date: string; p_ranges: Json; p_team_id?: number }
        Returns: {
          created_at: string
          date: string
          end_time: string | null
          id: number
          start_time: string | null
          team_id: number | null
          user_id: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "date_overrides"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      replace_external_busy: {
        Args: { p_source_id: number; p_spans: Json }
        Returns: undefined
      }
      resend_webhook_delivery: {
        Args: { p_delivery_id: number }
        Returns: string
      }
      retry_meeting_link: { Args: { p_booking_id: number }; Returns: undefined }
      rotate_webhook_secret: {
        Args: { p_overlap_hours?: number; p_webhook_id: number }
        Returns: Json
      }
      set_booking_calendar: {
        Args: { p_source_id: number }
        Returns: undefined
      }
      set_invitation_token_hash: {
        Args: { p_expires_at: string; p_hash: string; p_invitation_id: number }
        Returns: boolean
      }
      set_manage_token_hash: {
        Args: { p_booking_id: number; p_hash: string }
        Returns: undefined
      }
      set_meeting_link: {
        Args: { p_booking_id: number; p_link: string }
        Returns: undefined
      }
      start_first_week: { Args: { p_timezone: string }; Returns: boolean }
      take_booking_token: {
        Args: { p_calendar: string; p_client: string; p_per_minute: number }
        Returns: boolean
      }
      team_bookings_this_month: { Args: { p_team_id: number }; Returns: number }
      team_invitation_by_token: {
        Args: { p_token: string }
        Returns: {
          expires_at: string
          for_me: boolean
          id: number
          role: Database["public"]["Enums"]["team_role"]
          team_id: number
          team_name: string
          team_slug: string
        }[]
      }
      team_payee_takes_charges: {
        Args: { p_team_id: number }
        Returns: boolean
      }
    }
    Enums: {
      assignment_type: "round_robin" | "least_busy" | "specific_member"
      booking_status:
        | "pending"
        | "confirmed"
        | "cancelled"
        | "completed"
        | "awaiting_payment"
        | "expired"
      outbox_status: "pending" | "processing" | "sent" | "failed" | "skipped"
      series_frequency: "weekly" | "biweekly" | "monthly"
      slot_interval: "15" | "30" | "60" | "duration"
      team_role: "owner" | "admin" | "member"
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
      assignment_type: ["round_robin", "least_busy", "specific_member"],
      booking_status: [
        "pending",
        "confirmed",
        "cancelled",
        "completed",
        "awaiting_payment",
        "expired",
      ],
      outbox_status: ["pending", "processing", "sent", "failed", "skipped"],
      series_frequency: ["weekly", "biweekly", "monthly"],
      slot_interval: ["15", "30", "60", "duration"],
      team_role: ["owner", "admin", "member"],
    },
  },
} as const

