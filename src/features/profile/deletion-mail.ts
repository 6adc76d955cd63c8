/**
 * The subject of the deletion code's e-mail (public.send_account_deletion_code writes it; the SQL test holds the
 * two equal). A module without the site's '@/' paths, so the stack and end-to-end tests read it too.
 */
export const DELETION_CODE_SUBJECT = 'Your code to delete your account';
