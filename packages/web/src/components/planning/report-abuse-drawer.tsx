import { useQuery } from '@apollo/client/react';
import {
  ABUSE_CATEGORIES,
  ABUSE_CATEGORY_LABELS,
  ABUSE_MAX_LINKS,
  ABUSE_MESSAGE_MAX_LENGTH,
  ABUSE_REPORT_THANKS,
  type AbuseCategory,
  isAbuseCategory,
} from '@milepost/shared/domain/abuse-report';
import { type FormEvent, useId, useState } from 'react';
import { FieldError, Label, Radio, RadioGroup } from 'react-aria-components';
import { useAlerts } from '../../app/alerts/use-alerts.ts';
import { ReportAbuseUserQueryDocument } from '../../gql/graphql.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Drawer } from '../ui/drawer.tsx';
import { Icon } from '../ui/icon.tsx';
import { TextField } from '../ui/text-field.tsx';
import styles from './report-abuse-drawer.module.css';
import { AbuseReportError, submitAbuseReport } from './report-abuse-request.ts';

export type ReportAbuseDrawerProps = {
  /** The user being reported (numeric id, as GitLab's `user_id`). */
  reportedUserId: number;
  /** The page the report is made from (`abuse_report[reported_from_url]`). */
  reportedFromUrl: string;
  isOpen: boolean;
  onClose: () => void;
};

export const TITLE = 'Report abuse to administrator';
export const CATEGORY_LABEL = 'Why are you reporting this user?';
export const CATEGORY_REQUIRED = 'Choose a reason for reporting this user.';
export const MESSAGE_REQUIRED = "Explain why you're reporting the user.";
export const LINK_INVALID = 'Enter a full URL, starting with http:// or https://.';

const CATEGORY_OPTIONS = ABUSE_CATEGORIES.map((value) => ({ value, label: ABUSE_CATEGORY_LABELS[value] }));

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * GitLab's abuse report (spec 001 §2.4): a drawer from the right (z-index 300) titled 'Report abuse to
 * administrator'. Step one: the required reason (radio) and Next. Step two, in the same drawer (GitLab's
 * report form): the reported user, the reason (changeable), optional links and a message; 'Send report'
 * posts GitLab's form fields, then the drawer closes on the same page with the confirmation alert.
 */
export function ReportAbuseDrawer({ reportedUserId, reportedFromUrl, isOpen, onClose }: ReportAbuseDrawerProps) {
  return (
    <Drawer
      title={TITLE}
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      width="var(--abuse-drawer-width)"
      zIndex="var(--z-abuse-drawer)"
      titleSize="h2"
    >
      <ReportAbuseSteps reportedUserId={reportedUserId} reportedFromUrl={reportedFromUrl} onClose={onClose} />
    </Drawer>
  );
}

type StepsProps = Omit<ReportAbuseDrawerProps, 'isOpen'>;

/** The two steps; mounted while the drawer is open, so every opening starts afresh. */
function ReportAbuseSteps({ reportedUserId, reportedFromUrl, onClose }: StepsProps) {
  const { pushAlert } = useAlerts();
  const [step, setStep] = useState<'category' | 'details'>('category');
  const [category, setCategory] = useState<AbuseCategory | ''>('');
  const [categoryTouched, setCategoryTouched] = useState(false);
  const [message, setMessage] = useState('');
  const [links, setLinks] = useState<string[]>(['']);
  const [detailsTouched, setDetailsTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleNext = (event: FormEvent) => {
    event.preventDefault();
    setCategoryTouched(true);
    if (category) setStep('details');
  };

  const trimmedLinks = links.map((l) => l.trim());
  const linkErrors = trimmedLinks.map((l) => (l !== '' && !isHttpUrl(l) ? LINK_INVALID : undefined));
  const messageError = message.trim() === '' ? MESSAGE_REQUIRED : undefined;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setDetailsTouched(true);
    if (!category || messageError || linkErrors.some(Boolean) || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const thanks = await submitAbuseReport({
        reportedUserId,
        reportedFromUrl,
        category,
        message: message.trim(),
        links: trimmedLinks.filter((l) => l !== ''),
      });
      pushAlert({ variant: 'success', message: thanks || ABUSE_REPORT_THANKS });
      onClose();
    } catch (e) {
      setError(e instanceof AbuseReportError ? e.message : 'Something went wrong while sending the report. Try again.');
      setSubmitting(false);
    }
  };

  if (step === 'category') {
    return (
      <form className={styles.body} onSubmit={handleNext} noValidate>
        <RadioGroup
          className={styles.categories}
          name="abuse_report[category]"
          value={category}
          onChange={(value) => setCategory(isAbuseCategory(value) ? value : '')}
          isRequired
          isInvalid={categoryTouched && !category}
          validationBehavior="aria"
        >
          <Label className={styles.label}>{CATEGORY_LABEL}</Label>
          {CATEGORY_OPTIONS.map((option) => (
            <Radio key={option.value} value={option.value} className={styles.radio}>
              <span className={styles.radioDot} aria-hidden="true" />
              {option.label}
            </Radio>
          ))}
          <FieldError className={styles.error}>{CATEGORY_REQUIRED}</FieldError>
        </RadioGroup>
        <div className={styles.actions}>
          <Button type="submit" variant="primary">
            Next
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form className={styles.body} onSubmit={handleSubmit} noValidate>
      <ReportedUser id={reportedUserId} />
      <div className={styles.reason}>
        <span className={styles.label}>Reason</span>
        <span className={styles.reasonText}>
          {category ? ABUSE_CATEGORY_LABELS[category] : ''}
          <Button variant="tertiary" compact onPress={() => setStep('category')} isDisabled={submitting}>
            Change
          </Button>
        </span>
      </div>
      {reportedFromUrl && (
        <div className={styles.reason}>
          <span className={styles.label}>Reported from</span>
          <span className={styles.url}>{reportedFromUrl}</span>
        </div>
      )}
      <SpamLinks links={links} errors={detailsTouched ? linkErrors : []} onChange={setLinks} isDisabled={submitting} />
      <TextField
        label="Message"
        description={MESSAGE_REQUIRED}
        multiline
        isRequired
        value={message}
        onChange={setMessage}
        maxLength={ABUSE_MESSAGE_MAX_LENGTH}
        errorMessage={detailsTouched ? messageError : undefined}
        isDisabled={submitting}
      />
      {error && <Alert variant="danger">{error}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isDisabled={submitting}>
          {submitting ? 'Sending report…' : 'Send report'}
        </Button>
        <Button onPress={() => setStep('category')} isDisabled={submitting}>
          Back
        </Button>
      </div>
    </form>
  );
}

/** 'Reporting Name (@username)': who the report is about, read by id. */
function ReportedUser({ id }: { id: number }) {
  const { data, error } = useQuery(ReportAbuseUserQueryDocument, { variables: { id: `gid://gitlab/User/${id}` } });
  const user = data?.user;
  if (error) return <p className={styles.lead}>Reporting a user to the administrators.</p>;
  if (!user) return <p className={styles.lead} aria-hidden="true" />;
  return (
    <p className={styles.lead}>
      Reporting <strong>{user.name}</strong> <span className={styles.username}>@{user.username}</span>
    </p>
  );
}

type SpamLinksProps = {
  links: string[];
  errors: readonly (string | undefined)[];
  onChange: (links: string[]) => void;
  isDisabled: boolean;
};

/** GitLab's 'Link to spam' inputs with 'Add another link' and 'Remove link' (optional, up to 20). */
function SpamLinks({ links, errors, onChange, isDisabled }: SpamLinksProps) {
  const baseId = useId();
  return (
    <div className={styles.links}>
      {links.map((link, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the inputs are positional, like GitLab's
        <div key={index} className={styles.linkRow}>
          <TextField
            id={`${baseId}-${index}`}
            className={styles.linkField}
            label="Link to spam"
            type="url"
            value={link}
            onChange={(value) => onChange(links.map((l, i) => (i === index ? value : l)))}
            errorMessage={errors[index]}
            isDisabled={isDisabled}
          />
          {index > 0 && (
            <Button
              iconOnly
              aria-label="Remove link"
              className={styles.removeLink}
              onPress={() => onChange(links.filter((_, i) => i !== index))}
              isDisabled={isDisabled}
            >
              <Icon name="close" />
            </Button>
          )}
        </div>
      ))}
      {links.length < ABUSE_MAX_LINKS && (
        <Button variant="tertiary" compact onPress={() => onChange([...links, ''])} isDisabled={isDisabled}>
          <Icon name="plus" />
          Add another link
        </Button>
      )}
    </div>
  );
}
