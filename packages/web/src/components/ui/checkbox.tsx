import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import styles from './field.module.css';
import { Icon } from './icon.tsx';

type CheckboxProps = Omit<AriaCheckboxProps, 'className' | 'children'> & { children: ReactNode };

export function Checkbox({ children, ...rest }: CheckboxProps) {
  return (
    <AriaCheckbox {...rest} className={styles.checkbox}>
      {({ isSelected }) => (
        <>
          <span className={styles.box} aria-hidden="true">
            {isSelected && <Icon name="check" size={12} />}
          </span>
          {children}
        </>
      )}
    </AriaCheckbox>
  );
}
