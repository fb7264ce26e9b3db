-- Iteration cadences and iterations of groups (GitLab's iterations_cadences and sprints), and the
-- issue's iteration. An iteration's state (upcoming, current, closed) is not stored: it follows from
-- its dates and today's date. Automatic cadences get their iterations created by the service when
-- the cadence is written or read (docs/decisions/0026). Keep SQL within PostgreSQL 14.
CREATE TABLE iterations_cadences (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 255),
  description text NOT NULL DEFAULT '',
  automatic boolean NOT NULL DEFAULT true,
  active boolean NOT NULL DEFAULT true,
  start_date date,
  duration_in_weeks integer CHECK (duration_in_weeks BETWEEN 1 AND 4),
  iterations_in_advance integer CHECK (iterations_in_advance BETWEEN 1 AND 10),
  roll_over boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (NOT automatic OR (start_date IS NOT NULL AND duration_in_weeks IS NOT NULL AND iterations_in_advance IS NOT NULL))
);
CREATE INDEX iterations_cadences_group ON iterations_cadences (group_id);

CREATE TABLE iterations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  iid integer NOT NULL,
  group_id bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  iterations_cadence_id bigint NOT NULL REFERENCES iterations_cadences (id) ON DELETE CASCADE,
  -- position in its cadence by start date (1, 2, …), renumbered on every change of the cadence's iterations
  sequence integer NOT NULL,
  title text CHECK (title IS NULL OR length(title) BETWEEN 1 AND 255),
  description text NOT NULL DEFAULT '',
  start_date date NOT NULL,
  due_date date NOT NULL,
  -- set once the open issues of a closed iteration were moved on (cadences with roll over)
  rolled_over boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (start_date <= due_date)
);
CREATE UNIQUE INDEX iterations_group_iid ON iterations (group_id, iid);
CREATE UNIQUE INDEX iterations_cadence_title ON iterations (iterations_cadence_id, title) WHERE title IS NOT NULL;
CREATE INDEX iterations_cadence_dates ON iterations (iterations_cadence_id, start_date, due_date);
CREATE INDEX iterations_group_dates ON iterations (group_id, due_date);

ALTER TABLE issues ADD COLUMN iteration_id bigint REFERENCES iterations (id) ON DELETE SET NULL;
CREATE INDEX issues_iteration ON issues (iteration_id) WHERE iteration_id IS NOT NULL;

-- When issues joined or left an iteration: the iteration report's burnup chart reads scope over time from here.
CREATE TABLE iteration_issue_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  iteration_id bigint NOT NULL REFERENCES iterations (id) ON DELETE CASCADE,
  issue_id bigint NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('add', 'remove')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX iteration_issue_events_iteration ON iteration_issue_events (iteration_id, issue_id, created_at);
