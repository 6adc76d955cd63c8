/**
 * The rules' numbers and words (slots, the wait between registrations, refund reasons, names, game id,
 * ages) for the site. One module serves the site and the edge functions; it lives with the functions'
 * shared code so that deployed functions bundle it, and a SQL test keeps it equal to the database.
 */
export * from '../../supabase/functions/_shared/rules.ts';
