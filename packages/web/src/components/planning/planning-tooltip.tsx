import type { ReactElement, ReactNode } from 'react';
import { Tooltip, TooltipTrigger } from 'react-aria-components';
import styles from './planning-tooltip.module.css';

type PlanningTooltipProps = {
  /** A focusable trigger: a React Aria Button or Link, or an element wrapped in `<Focusable>`. */
  children: ReactElement;
  content: ReactNode;
  placement?: 'top' | 'bottom';
};

/** A tooltip shown on hover and on keyboard focus of its trigger (React Aria). */
export function PlanningTooltip({ children, content, placement = 'top' }: PlanningTooltipProps) {
  return (
    <TooltipTrigger delay={300} closeDelay={100}>
      {children}
      <Tooltip className={styles.tooltip} placement={placement} offset={4}>
        {content}
      </Tooltip>
    </TooltipTrigger>
  );
}
