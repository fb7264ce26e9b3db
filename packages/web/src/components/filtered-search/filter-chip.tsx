import { useQuery } from '@apollo/client/react';
import {
  ANY_VALUE,
  CURRENT_VALUE,
  type FilterOperator,
  type FilterToken,
  type FilterTokenType,
  iterationDisplayTitle,
  labelSwatchColor,
  NONE_VALUE,
  OPERATOR_LABELS,
  TOKEN_DEFINITIONS,
  tokenValueLabel,
} from '@milepost/shared';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { FilterIterationQueryDocument, FilterLabelsQueryDocument } from '../../gql/graphql.ts';
import { nodesOf } from '../../lib/paging.ts';
import styles from './filtered-search.module.css';

export const LABEL_COLORS_ERROR = 'An error occurred while fetching label colors.';

/** A colour square; invalid or unknown colours get the neutral one. */
export function Swatch({ color }: { color: string | null | undefined }) {
  const valid = labelSwatchColor(color);
  return (
    <span
      className={[styles.swatch, valid ? undefined : styles.swatchNeutral].filter(Boolean).join(' ')}
      style={valid ? { backgroundColor: valid } : undefined}
      aria-hidden="true"
    />
  );
}

/** The swatch of a label token: the colour picked from the list, else looked up by exact title. */
function LabelTokenSwatch({
  namespacePath,
  title,
  knownColor,
}: {
  namespacePath: string;
  title: string;
  knownColor?: string;
}) {
  const { data, error } = useQuery(FilterLabelsQueryDocument, {
    variables: { fullPath: namespacePath, title, first: 1 },
    skip: knownColor !== undefined,
  });
  useErrorAlert(error, LABEL_COLORS_ERROR);
  return <Swatch color={knownColor ?? nodesOf(data?.group?.labels)[0]?.color} />;
}

/** An iteration token's value: the iteration's title or period, looked up by its id (the id until then). */
function IterationTokenValue({ token }: { token: FilterToken }) {
  const named = token.value === NONE_VALUE || token.value === ANY_VALUE || token.value === CURRENT_VALUE;
  const { data } = useQuery(FilterIterationQueryDocument, {
    variables: { id: `gid://gitlab/Iteration/${token.value}` },
    skip: named,
  });
  const it = data?.iteration;
  const text = it
    ? iterationDisplayTitle({ title: it.title, startDate: String(it.startDate), dueDate: String(it.dueDate) })
    : tokenValueLabel(token);
  return <span className={styles.valueText}>{text}</span>;
}

/** The type and operator parts, shared by finished and half-built chips. */
export function ChipHead({ type, operator }: { type: FilterTokenType; operator?: FilterOperator | null }) {
  return (
    <>
      <span className={`${styles.segment} ${styles.segmentType}`}>{TOKEN_DEFINITIONS[type].title}</span>
      {operator && (
        <span className={`${styles.segment} ${styles.segmentOperator}`}>
          <span aria-hidden="true">{operator}</span>
          <span className="visually-hidden">{OPERATOR_LABELS[operator]}</span>
        </span>
      )}
    </>
  );
}

type FilterChipBodyProps = {
  token: FilterToken;
  namespacePath: string;
  knownColor?: string;
  /** The value was typed in full and matched no suggestion: the chip says so. */
  notFound?: boolean;
};

/** 'Label' '=' '● bug': the three parts of a finished token ('not found' after a value nothing matched). */
export function FilterChipBody({ token, namespacePath, knownColor, notFound = false }: FilterChipBodyProps) {
  const wildcard = token.value === NONE_VALUE || token.value === ANY_VALUE;
  return (
    <>
      <ChipHead type={token.type} operator={token.operator} />
      <span className={`${styles.segment} ${styles.segmentValue}`}>
        {token.type === 'label' && !wildcard && (
          <LabelTokenSwatch namespacePath={namespacePath} title={token.value} knownColor={knownColor} />
        )}
        {token.type === 'iteration' ? (
          <IterationTokenValue token={token} />
        ) : (
          <span className={styles.valueText}>{tokenValueLabel(token)}</span>
        )}
        {notFound && <span className={styles.notFound}>not found</span>}
      </span>
    </>
  );
}
