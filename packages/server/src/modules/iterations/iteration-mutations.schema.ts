/**
 * Iteration mutations, GitLab's names: iterationCadenceCreate / Update / Destroy, iterationCreate
 * (and its older name createIteration), updateIteration, iterationDelete, issueSetIteration.
 */
import { NotFoundError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { fromGlobalId } from '../../graphql/global-id.ts';
import { mutationPayload, runMutation } from '../../graphql/mutation.ts';
import { IssueRef } from '../../graphql/refs.ts';
import { GroupRef } from '../groups/groups.schema.ts';
import { CADENCE_GID, ITERATION_GID, IterationCadenceRef, IterationRef } from './iterations.schema.ts';
import type { CadenceInput } from './iterations.service.ts';

const CADENCE_PAYLOAD = mutationPayload({
  iterationCadence: { type: IterationCadenceRef, description: 'Created iteration cadence.' },
});
const ITERATION_PAYLOAD = mutationPayload({ iteration: { type: IterationRef, description: 'Created iteration.' } });
const GROUP_PAYLOAD = mutationPayload({ group: { type: GroupRef, description: 'Group the iteration belongs to.' } });

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
const cadenceFields = (t: PothosSchemaTypes.InputFieldBuilder<Types, 'InputObject'>, creating: boolean) => ({
  title: t.string({ required: false, description: 'Title of the iteration cadence.' }),
  automatic: t.boolean({
    required: creating,
    description: 'Whether the iteration cadence should automatically generate upcoming iterations.',
  }),
  active: t.boolean({ required: creating, description: 'Whether the iteration cadence is active.' }),
  startDate: t.string({ required: false, description: 'Timestamp of the automation start date.' }),
  durationInWeeks: t.int({ required: false, description: 'Duration in weeks of the iterations within this cadence.' }),
  iterationsInAdvance: t.int({
    required: false,
    description:
      'Upcoming iterations to be created when iteration cadence is set to automatic. Maximum of 10 upcoming iterations.',
  }),
  rollOver: t.boolean({
    required: false,
    description: 'Whether the iteration cadence should roll over issues to the next iteration or not.',
  }),
  description: t.string({ required: false, description: 'Description of the iteration cadence.' }),
});

/** The input's cadence fields (null and absent leave a value alone). */
function cadenceInput(input: Record<string, unknown>): CadenceInput {
  const given = (v: unknown) => (v === null ? undefined : v);
  return {
    title: given(input.title),
    automatic: given(input.automatic),
    active: given(input.active),
    startDate: input.startDate,
    durationInWeeks: input.durationInWeeks,
    iterationsInAdvance: input.iterationsInAdvance,
    rollOver: given(input.rollOver),
    description: given(input.description),
  };
}

builder.relayMutationField(
  'iterationCadenceCreate',
  {
    inputFields: (t) => ({
      groupPath: t.id({ required: true, description: 'Group where the iteration cadence is created.' }),
      ...cadenceFields(t, true),
    }),
  },
  {
    description: 'Creates an iteration cadence in a group.',
    extensions: { ability: 'adminIterationCadence' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const group = await ctx.services.groups.get(ctx.actor, String(input.groupPath));
          return {
            iterationCadence: await ctx.services.iterations.createCadence(ctx.actor, group, cadenceInput(input)),
          };
        },
        { iterationCadence: null },
      ),
  },
  CADENCE_PAYLOAD,
);

builder.relayMutationField(
  'iterationCadenceUpdate',
  {
    inputFields: (t) => ({
      id: t.id({ required: true, description: 'Global ID of the iteration cadence.' }),
      ...cadenceFields(t, false),
    }),
  },
  {
    description: 'Updates an iteration cadence; upcoming iterations of an automatic cadence follow its new schedule.',
    extensions: { ability: 'adminIterationCadence' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => ({
          iterationCadence: await ctx.services.iterations.updateCadence(
            ctx.actor,
            fromGlobalId(String(input.id), CADENCE_GID),
            cadenceInput(input),
          ),
        }),
        { iterationCadence: null },
      ),
  },
  CADENCE_PAYLOAD,
);

builder.relayMutationField(
  'iterationCadenceDestroy',
  { inputFields: (t) => ({ id: t.id({ required: true, description: 'Global ID of the iteration cadence.' }) }) },
  {
    description: 'Deletes an iteration cadence and its iterations (their issues keep no iteration).',
    extensions: { ability: 'adminIterationCadence' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => ({
          group: await ctx.services.iterations.destroyCadence(ctx.actor, fromGlobalId(String(input.id), CADENCE_GID)),
        }),
        { group: null },
      ),
  },
  GROUP_PAYLOAD,
);

for (const [name, deprecated] of [
  ['iterationCreate', false],
  ['createIteration', true],
] as const) {
  builder.relayMutationField(
    name,
    {
      // GitLab's own (lower-case) type names for the current mutation.
      ...(deprecated ? {} : { name: 'iterationCreateInput' }),
      inputFields: (t) => ({
        groupPath: t.id({
          required: false,
          description: 'Full path of the group with which the resource is associated.',
        }),
        projectPath: t.id({
          required: false,
          description: 'Full path of the project with which the resource is associated (its group gets the iteration).',
        }),
        iterationsCadenceId: t.id({
          required: false,
          description: 'Global ID of the iteration cadence to be assigned to the new iteration.',
        }),
        title: t.string({ required: false, description: 'Title of the iteration.' }),
        description: t.string({ required: false, description: 'Description of the iteration.' }),
        startDate: t.string({ required: false, description: 'Start date of the iteration.' }),
        dueDate: t.string({ required: false, description: 'End date of the iteration.' }),
      }),
    },
    {
      description: deprecated
        ? 'Creates an iteration (older name of `iterationCreate`).'
        : 'Creates an iteration in a manual cadence.',
      ...(deprecated ? { deprecationReason: 'Use `iterationCreate`.' } : {}),
      extensions: { ability: 'adminIteration' },
      authScopes: { signedIn: true },
      resolve: (_root, { input }, ctx) =>
        runMutation(
          async () => {
            const group = input.projectPath
              ? (await ctx.services.projects.get(ctx.actor, String(input.projectPath))).group
              : await ctx.services.groups.get(ctx.actor, String(input.groupPath ?? ''));
            const iteration = await ctx.services.iterations.create(ctx.actor, group, {
              cadenceId: input.iterationsCadenceId
                ? fromGlobalId(String(input.iterationsCadenceId), CADENCE_GID)
                : null,
              title: input.title,
              description: input.description,
              startDate: input.startDate,
              dueDate: input.dueDate,
            });
            return { iteration };
          },
          { iteration: null },
        ),
    },
    deprecated ? ITERATION_PAYLOAD : { ...ITERATION_PAYLOAD, name: 'iterationCreatePayload' },
  );
}

builder.relayMutationField(
  'updateIteration',
  {
    inputFields: (t) => ({
      groupPath: t.id({ required: true, description: 'Group of the iteration.' }),
      id: t.id({ required: true, description: 'Global ID of the iteration.' }),
      title: t.string({ required: false, description: 'Title of the iteration.' }),
      description: t.string({ required: false, description: 'Description of the iteration.' }),
      startDate: t.string({ required: false, description: 'Start date of the iteration.' }),
      dueDate: t.string({ required: false, description: 'End date of the iteration.' }),
    }),
  },
  {
    description: 'Updates an iteration (title and dates only in manual cadences).',
    extensions: { ability: 'adminIteration' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const given = (v: string | null | undefined) => (v === null ? undefined : v);
          const iteration = await ctx.services.iterations.update(
            ctx.actor,
            fromGlobalId(String(input.id), ITERATION_GID),
            {
              title: given(input.title),
              description: given(input.description),
              startDate: given(input.startDate),
              dueDate: given(input.dueDate),
            },
          );
          return { iteration };
        },
        { iteration: null },
      ),
  },
  ITERATION_PAYLOAD,
);

builder.relayMutationField(
  'iterationDelete',
  { inputFields: (t) => ({ id: t.id({ required: true, description: 'ID of the iteration.' }) }) },
  {
    description: 'Deletes an iteration of a manual cadence (its issues keep no iteration).',
    extensions: { ability: 'adminIteration' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => ({
          group: await ctx.services.iterations.remove(ctx.actor, fromGlobalId(String(input.id), ITERATION_GID)),
        }),
        { group: null },
      ),
  },
  GROUP_PAYLOAD,
);

async function findIssue(ctx: GraphQLContext, projectPath: string, iid: string) {
  const project = await ctx.services.projects.get(ctx.actor, projectPath);
  if (!/^\d{1,9}$/.test(iid)) throw new NotFoundError('Issue Not Found');
  return await ctx.services.issues.get(ctx.actor, project, Number(iid));
}

builder.relayMutationField(
  'issueSetIteration',
  {
    inputFields: (t) => ({
      projectPath: t.id({ required: true, description: 'Project the issue to mutate is in.' }),
      iid: t.string({ required: true, description: 'IID of the issue to mutate.' }),
      iterationId: t.id({
        required: false,
        description: 'Iteration to assign to the issue. Null removes the iteration.',
      }),
    }),
  },
  {
    description: 'Sets or removes the iteration of an issue.',
    extensions: { ability: 'adminIssue' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const node = await findIssue(ctx, String(input.projectPath), input.iid);
          const id = input.iterationId ? fromGlobalId(String(input.iterationId), ITERATION_GID) : null;
          return { issue: await ctx.services.iterations.setIssueIteration(ctx.actor, node, id) };
        },
        { issue: null },
      ),
  },
  mutationPayload({ issue: { type: IssueRef, description: 'Issue after mutation.' } }),
);
