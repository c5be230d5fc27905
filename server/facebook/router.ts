// STUB (owned by the webhook/facebook helper): /api/clinics/:id/facebook/* and the OAuth callback.
import { Router } from 'express';
import type { RouterFactory } from '../contracts';

export const createFacebookRouter: RouterFactory = () => Router();
