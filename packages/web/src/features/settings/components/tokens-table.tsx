import { Button } from '../../../components/ui/button.tsx';
import { formatCalendarDate, formatDate } from '../../../lib/format-date.ts';
import styles from '../personal-access-tokens.module.css';

export type TokenRowData = {
  id: string;
  name: string;
  scopes: readonly string[];
  createdAt: string;
  expiresAt?: string | null;
  lastUsedAt?: string | null;
};

type TokensTableProps = {
  caption: string;
  tokens: readonly TokenRowData[];
  /** Without it, the table has no 'Revoke' column (inactive tokens). */
  onRevoke?: (token: TokenRowData) => void;
};

/** Token name, scopes, created, last used, expires, and 'Revoke'. */
export function TokensTable({ caption, tokens, onRevoke }: TokensTableProps) {
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Token name</th>
          <th scope="col">Scopes</th>
          <th scope="col">Created</th>
          <th scope="col">Last used</th>
          <th scope="col">Expires</th>
          {onRevoke && (
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <tr key={token.id}>
            <td>{token.name}</td>
            <td data-label="Scopes">{token.scopes.join(', ')}</td>
            <td data-label="Created">{formatDate(token.createdAt)}</td>
            <td data-label="Last used">{formatDate(token.lastUsedAt) || 'Never'}</td>
            <td data-label="Expires">{formatCalendarDate(token.expiresAt) || 'Never'}</td>
            {onRevoke && (
              <td>
                <Button compact variant="danger" onPress={() => onRevoke(token)} aria-label={`Revoke ${token.name}`}>
                  Revoke
                </Button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
