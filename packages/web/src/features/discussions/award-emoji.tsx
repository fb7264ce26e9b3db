import { awardEmoji } from '@milepost/shared/domain/emoji';
import { useMemo, useState } from 'react';
import { Dialog, DialogTrigger, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { Button, buttonClassName } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import type { AwardEmojiFieldsFragment } from '../../gql/graphql.ts';
import styles from './discussions.module.css';

export type AwardUser = { id: string; name: string; username: string };
type Award = { name: string; user: AwardUser };

/** The reactions offered first (GitLab's frequently used ones), then the rest by search. */
const FIRST = ['thumbsup', 'thumbsdown', 'tada', 'heart', 'rocket', 'eyes', 'smile', 'confused', 'joy', 'clap'];
let all: string[] | null = null;
/** Every reaction's name, listed on first use. */
const allNames = () => (all ??= [...awardEmoji().keys()]);

/** 'You, Ann and Bob reacted with :tada:' (GitLab's tooltip of an award button). */
export function awardTitle(name: string, users: readonly AwardUser[], viewerId: string | null): string {
  const names = users.map((user) => (user.id === viewerId ? 'You' : user.name));
  const sorted = [...names.filter((n) => n === 'You'), ...names.filter((n) => n !== 'You')];
  const list = sorted.length > 1 ? `${sorted.slice(0, -1).join(', ')} and ${sorted[sorted.length - 1]}` : sorted[0];
  return `${list} reacted with :${name}:`;
}

/**
 * The reaction picker's content: a search box and a grid of the reactions users may give (the
 * frequently used first). Mounted only while a picker is open: the issue's own picker and the one
 * picker a discussion section shares among its comments.
 */
export function EmojiChooser({ onPick }: { onPick: (name: string) => void }) {
  const [search, setSearch] = useState('');
  const names = useMemo(() => {
    const query = search.trim().toLowerCase().replace(/^:|:$/g, '');
    if (!query) return [...FIRST, ...allNames().filter((name) => !FIRST.includes(name))].slice(0, 60);
    return allNames()
      .filter((name) => name.includes(query))
      .slice(0, 60);
  }, [search]);
  return (
    <>
      <SearchInput label="Search emoji" value={search} onSearch={setSearch} delayMs={100} />
      {names.length === 0 ? (
        <p className={styles.muted}>No emoji found.</p>
      ) : (
        <ListBox
          aria-label="Emoji"
          layout="grid"
          className={styles.emojiGrid}
          items={names.map((name) => ({ id: name }))}
          onAction={(key) => onPick(String(key))}
        >
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.id} aria-label={`:${item.id}:`} className={styles.emojiOption}>
              <span title={`:${item.id}:`}>{awardEmoji().get(item.id)}</span>
            </ListBoxItem>
          )}
        </ListBox>
      )}
    </>
  );
}

type EmojiPickerProps = {
  onPick: (name: string) => void;
  isDisabled?: boolean;
};

/** 'Add reaction' with its own picker (the or epic's awards row; comments share one, see note-popovers). */
export function EmojiPicker({ onPick, isDisabled }: EmojiPickerProps) {
  const [open, setOpen] = useState(false);
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <Button compact iconOnly variant="tertiary" aria-label="Add reaction" isDisabled={isDisabled}>
        <Icon name="smiley" />
      </Button>
      {open && (
        <Popover className={styles.emojiPopover} placement="bottom end">
          <Dialog className={styles.emojiDialog} aria-label="Add reaction">
            {({ close }) => (
              <EmojiChooser
                onPick={(name) => {
                  onPick(name);
                  close();
                }}
              />
            )}
          </Dialog>
        </Popover>
      )}
    </DialogTrigger>
  );
}

const NO_DEFAULTS: readonly string[] = [];
/** GitLab's reactions always offered on issues and epics. */
export const ISSUABLE_DEFAULT_AWARDS: readonly string[] = ['thumbsup', 'thumbsdown'];

type AwardsListProps = {
  awards: readonly Award[];
  viewerId: string | null;
  canAward: boolean;
  onToggle: (name: string) => void;
  /** Reactions shown even before anyone gave them (GitLab's thumbs up and down on issues and epics). */
  defaultNames?: readonly string[];
  /** Ends the row with 'Add reaction' (issues and epics; a note has its own in its header). */
  picker?: boolean;
};

/** An award button's name for screen readers and its tooltip. */
function buttonTitle(name: string, users: readonly AwardUser[], viewerId: string | null): string {
  return users.length ? awardTitle(name, users, viewerId) : `React with :${name}:`;
}

/**
 * The reactions of an issue, an epic or a note: one button per emoji with its count (pressing one
 * adds or takes back the viewer's), the default ones first, then the rest in the order first given.
 */
export function AwardsList({
  awards,
  viewerId,
  canAward,
  onToggle,
  defaultNames = NO_DEFAULTS,
  picker,
}: AwardsListProps) {
  const groups = useMemo(() => {
    const byName = new Map<string, AwardUser[]>(defaultNames.map((name) => [name, []]));
    for (const award of awards) byName.set(award.name, [...(byName.get(award.name) ?? []), award.user]);
    return [...byName.entries()];
  }, [awards, defaultNames]);
  if (groups.length === 0 && !(picker && canAward)) return null;
  return (
    <div className={styles.awards}>
      {groups.map(([name, users]) => {
        const mine = users.some((user) => user.id === viewerId);
        const title = buttonTitle(name, users, viewerId);
        return (
          // A plain button drawn as the app's Button: a long thread has one per reaction of every comment.
          <button
            key={name}
            type="button"
            className={buttonClassName({ compact: true }, mine ? `${styles.award} ${styles.awardMine}` : styles.award)}
            aria-pressed={mine}
            aria-label={title}
            disabled={!canAward}
            onClick={() => onToggle(name)}
          >
            <span aria-hidden="true" title={title}>
              {awardEmoji().get(name) ?? `:${name}:`}
            </span>
            <span className={styles.awardCount} aria-hidden="true">
              {users.length}
            </span>
          </button>
        );
      })}
      {picker && canAward && <EmojiPicker onPick={onToggle} />}
    </div>
  );
}

type Awarded = { awardEmoji?: { nodes: readonly (AwardEmojiFieldsFragment | null)[] } | null };

/** `current` (a note, issue or epic in the cache) after the viewer gave (`on`) or took back `name`. */
export function withToggledAward<T extends Awarded>(current: T, name: string, viewer: AwardUser, on: boolean): T {
  const others = (current.awardEmoji?.nodes ?? []).filter(
    (award): award is AwardEmojiFieldsFragment =>
      award !== null && !(award.name === name && award.user.id === viewer.id),
  );
  const given = { __typename: 'AwardEmoji' as const, name, user: { __typename: 'UserCore' as const, ...viewer } };
  return {
    ...current,
    awardEmoji: { __typename: 'AwardEmojiConnection' as const, nodes: on ? [...others, given] : others },
  };
}
