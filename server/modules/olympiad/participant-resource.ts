import type { ParticipantResource } from '../../../shared/api/olympiad';
import { iso } from '../../lib/serialize';
import type { ParticipantAccount } from './participants-repository';
import type { VerificationState } from './verification-service';

export function toParticipantResource({ participant, user }: ParticipantAccount, verification: VerificationState): ParticipantResource {
  return {
    id: participant.userId,
    login: participant.login,
    // The address the participant gave last (waiting for its letter, or proven); `confirmed_email` is the one that works.
    email: user.pendingEmail ?? user.email ?? '',
    confirmed_email: user.email,
    full_name: participant.fullName,
    birth_date: participant.birthDate,
    sex: participant.sex,
    country: participant.country,
    city: participant.city,
    school: participant.school,
    social_link: participant.socialLink,
    referral_source: participant.referralSource,
    category: participant.category,
    agreement_accepted_at: iso(participant.agreementAcceptedAt),
    email_status: verification.status,
    email_verified_at: verification.status === 'verified' && participant.emailVerifiedAt ? iso(participant.emailVerifiedAt) : null,
    resend_in: verification.resendIn,
    registered_at: iso(participant.createdAt),
  };
}
