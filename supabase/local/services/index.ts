/**
 * Every service the local stack mounts, each under its own URL prefix. To add one (a test double of
 * a third-party API, say), write `services/<name>.ts` exporting a ServiceModule and list it here.
 */
import type { ServiceModule } from '../context.ts';
import { authService } from './auth/index.ts';
import { inboxService } from './inbox.ts';
import { razorpayService } from './razorpay.ts';
import { restService } from './rest/index.ts';

export const serviceModules: ServiceModule[] = [authService, restService, inboxService, razorpayService];
