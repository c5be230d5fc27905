import { databaseErrorCodeOf, type DatabaseErrorCode } from '@common/contract/error-codes';
import { requestErrorOf } from '@/lib/request-error';
import { USERS_EXTRA_TEXT } from './messages';

/**
 * The refusals of a profile change or deletion the screen words, by the code they carry: the
 * database's (its hint) and delete-user's (its answer's `code`, the same codes).
 */
export const PROFILE_REFUSAL_TEXT: Readonly<Partial<Record<DatabaseErrorCode, string>>> = {
  last_admin: USERS_EXTRA_TEXT.lastAdmin,
  superadmin_account_protected: USERS_EXTRA_TEXT.superadminOnly,
  own_role_change: USERS_EXTRA_TEXT.ownRole,
  superadmin_by_service_only: USERS_EXTRA_TEXT.superadminByService,
};

/** The second line under 'User update failed', if there is one to show. Pure. */
export function updateFailureDetail(error: unknown): string | undefined {
  const failure = requestErrorOf(error);
  const code = databaseErrorCodeOf(failure.cause);
  const refusal = code === undefined ? undefined : PROFILE_REFUSAL_TEXT[code];
  if (refusal !== undefined) return refusal;
  switch (failure.kind) {
    case 'gone':
      return USERS_EXTRA_TEXT.gone;
    case 'forbidden':
      return USERS_EXTRA_TEXT.notAllowed;
    case 'unreachable':
      return USERS_EXTRA_TEXT.tryAgain;
    default:
      return undefined;
  }
}
