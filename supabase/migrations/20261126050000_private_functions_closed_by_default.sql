-- Functions in `private` are the database's own helpers: players reach them only through the public functions
-- and policies that call them. Until now each new one had to revoke PUBLIC's default execute right itself, and
-- a forgotten revoke let anyone call an internal step (such as applying an overdue match decision) over REST.
-- From here on the default is closed: functions created in `private` are executable by nobody but their owner,
-- and the few that row-level security calls keep their explicit grants.
revoke execute on all functions in schema private from public;
alter default privileges in schema private revoke execute on functions from public;
