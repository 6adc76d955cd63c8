-- Prize allocation, redefined by the places played, again runs without PostgreSQL's JIT compilation: compiling
-- its plan cost about 1.5 s a call, public page reads included, for a query that runs in milliseconds.
alter function private.prize_allocation(text) set jit = off;
