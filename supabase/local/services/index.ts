/**
 * Every service the local stack mounts, each under its own URL prefix. To add one, write
 * `services/<name>/index.ts` (a test double of a third-party API: `doubles/<name>.ts`) exporting a
 * ServiceModule and list it here.
 */
import type { ServiceModule } from '../context.ts';
import { dueWorkService } from '../due-work.ts';
import { authService } from './auth/index.ts';
import { functionsService } from './functions/index.ts';
import { inboxService } from './inbox.ts';
import { razorpayService } from '../doubles/razorpay.ts';
import { realtimeService } from './realtime/index.ts';
import { restService } from './rest/index.ts';
import { storageService } from './storage/index.ts';

export const serviceModules: ServiceModule[] = [
  authService,
  restService,
  storageService,
  realtimeService,
  functionsService,
  inboxService,
  razorpayService,
  dueWorkService,
];
