// STUB (owned by the webhook/facebook helper): GET verification and signed POST at /webhook.
import { Router } from 'express';
import type { RouterFactory } from '../contracts';

export const createWebhookRouter: RouterFactory = () => Router();
