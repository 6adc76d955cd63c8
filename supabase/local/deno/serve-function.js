// Runs one edge function under Deno for the local stack.
//
// Functions call `Deno.serve(handler)` as on Supabase, where the edge runtime decides the address.
// Here the stack gives each function a private loopback port: this wrapper replaces Deno.serve so any
// of its call forms listens there, announces readiness on stdout, then imports the function.
// (Plain JavaScript: it runs under Deno, not Node, and needs no type checking by the site's tools.)
const port = Number(Deno.env.get('LOCAL_FUNCTION_PORT'));
const entry = Deno.env.get('LOCAL_FUNCTION_ENTRY');
const serve = Deno.serve.bind(Deno);

Deno.serve = (first, second) => {
  const options = typeof first === 'function' ? {} : { ...(first ?? {}) };
  const handler = typeof first === 'function' ? first : typeof second === 'function' ? second : options.handler;
  delete options.handler;
  return serve(
    {
      ...options,
      port,
      hostname: '127.0.0.1',
      onListen() {
        console.log(`LOCAL_FUNCTION_READY ${port}`);
      },
    },
    handler,
  );
};

// The stack holds this process's stdin open; when the stack goes away, even killed outright, the
// pipe closes and the function follows instead of lingering on its port.
(async () => {
  for await (const _chunk of Deno.stdin.readable) {
    // nothing is ever sent; only the end matters
  }
  Deno.exit(0);
})();

await import(entry);
