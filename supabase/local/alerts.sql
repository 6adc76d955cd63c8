-- =====================================================================================================
-- The local stack's push double (never on a hosted project)
-- =====================================================================================================
-- Push subscriptions of the stack's own push double (supabase/local/doubles/push.ts) are allowed besides the
-- real push services, so tests and developers can follow a push end to end. Applied on every start.
-- =====================================================================================================
update private.alert_settings
   set extra_push_endpoint_pattern = '^http://(127\.0\.0\.1|localhost):[0-9]{2,5}/push/endpoint/[A-Za-z0-9_-]{8,64}$'
 where id;
