/**
 * The privacy area's IO: the player's export and grievances, and the console's grievance queue and breach
 * search (admins of the whole platform with two-step sign-in; the database checks). Answers are checked with
 * zod; failures are ApiErrors (lib/api-answer.ts).
 */
import * as z from 'zod/mini';
import { parseAnswer, readAnswer } from '@/lib/api-answer';
import { getSupabase } from '@/lib/supabase';
import { $lang } from '@/stores/lang';
import type { MyDataExport } from './privacy';

/** What every export carries; its sections are kept whole, whatever keys later features add. */
const ExportStamp = z.object({ exported_at: z.string() });

/** Everything the platform holds about the caller (at most once in 10 minutes: hint export_too_soon). */
export async function exportMyData(): Promise<MyDataExport> {
  const data = readAnswer('rpc export_my_data', z.unknown(), await getSupabase().rpc('export_my_data'));
  parseAnswer(ExportStamp, data, 'rpc export_my_data');
  return data as MyDataExport;
}

const Ticket = z.object({ ticket_id: z.string(), acknowledge_by: z.string(), resolve_by: z.string() });
export type GrievanceReceipt = z.infer<typeof Ticket>;

export async function submitGrievance(subject: string, body: string, email: string | null): Promise<GrievanceReceipt> {
  return readAnswer(
    'rpc submit_grievance',
    Ticket,
    // The receipt is written in the language of the page the grievance was filed from.
    await getSupabase().rpc('submit_grievance', { p_subject: subject, p_body: body, p_email: email, p_language: $lang.get() }),
  );
}

const grievanceFields = {
  ticket_id: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.string(),
  submitted_at: z.string(),
  acknowledge_by: z.string(),
  resolve_by: z.string(),
  acknowledged_at: z.nullable(z.string()),
  acknowledgement: z.nullable(z.string()),
  resolved_at: z.nullable(z.string()),
  resolution: z.nullable(z.string()),
};
const Grievance = z.object(grievanceFields);
export type Grievance = z.infer<typeof Grievance>;

export async function fetchMyGrievances(): Promise<Grievance[]> {
  return readAnswer('rpc get_my_grievances', z.array(Grievance), await getSupabase().rpc('get_my_grievances'));
}

const StaffGrievance = z.object({ ...grievanceFields, email: z.string(), has_account: z.boolean(), email_confirmed: z.boolean() });
export type StaffGrievance = z.infer<typeof StaffGrievance>;

export async function listGrievances(includeResolved: boolean): Promise<StaffGrievance[]> {
  return readAnswer(
    'rpc staff_list_grievances',
    z.array(StaffGrievance),
    await getSupabase().rpc('staff_list_grievances', { p_include_resolved: includeResolved }),
  );
}

export async function acknowledgeGrievance(ticketId: string, note: string): Promise<Grievance> {
  return readAnswer(
    'rpc staff_acknowledge_grievance',
    Grievance,
    await getSupabase().rpc('staff_acknowledge_grievance', { p_ticket_id: ticketId, p_note: note }),
  );
}

export async function resolveGrievance(ticketId: string, resolution: string): Promise<Grievance> {
  return readAnswer(
    'rpc staff_resolve_grievance',
    Grievance,
    await getSupabase().rpc('staff_resolve_grievance', { p_ticket_id: ticketId, p_resolution: resolution }),
  );
}

/** The kinds of data the incident search takes, each with what it covers. */
export async function fetchIncidentDataKinds(): Promise<Record<string, string>> {
  const kinds = readAnswer('rpc admin_incident_data_kinds', z.unknown(), await getSupabase().rpc('admin_incident_data_kinds'));
  if (kinds === null || typeof kinds !== 'object') return {};
  return Object.fromEntries(Object.entries(kinds).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

const TouchedPerson = z.object({
  user_id: z.nullable(z.string()),
  email: z.nullable(z.string()),
  in_game_name: z.nullable(z.string()),
  kinds: z.array(z.string()),
  first_at: z.string(),
  last_at: z.string(),
  rows: z.number(),
});
export type TouchedPerson = z.infer<typeof TouchedPerson>;

export async function listPeopleTouched(kind: string, from: string, to: string): Promise<TouchedPerson[]> {
  return readAnswer(
    'rpc admin_people_touched',
    z.array(TouchedPerson),
    await getSupabase().rpc('admin_people_touched', { p_kind: kind, p_from: from, p_to: to }),
  );
}

/** Whether this browser holds a session (the database still decides who the caller is). */
export async function signedIn(): Promise<boolean> {
  return (await getSupabase().accessToken()) !== null;
}
