import styles from './avatar.module.css';

type AvatarProps = {
  /** Name the initial and the tone are taken from. */
  name: string;
  src?: string | null;
  size?: 'xs' | 's' | 'm' | 'l' | 'xl';
  /** Groups and projects use square avatars, people round ones. */
  shape?: 'round' | 'square';
  /** Stable seed for the tone (an id); defaults to the name. */
  seed?: string;
};

function toneOf(seed: string): number {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 997;
  return hash % 5;
}

/** An image avatar, or the name's initial on a tone picked from a stable seed. Decorative. */
export function Avatar({ name, src, size = 'm', shape = 'round', seed }: AvatarProps) {
  const className = [
    styles.avatar,
    styles[size],
    shape === 'square' && styles.square,
    styles[`tone${toneOf(seed ?? name)}`],
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <span className={className} aria-hidden="true">
      {src ? <img className={styles.image} src={src} alt="" /> : (Array.from(name.trim())[0] ?? '?')}
    </span>
  );
}
