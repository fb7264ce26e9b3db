import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../../test/cookies.ts';
import { rememberRecentProject } from './recent-projects.ts';
import { buildChildIssue, childItemsAnswer } from './test/child-items-fixtures.ts';
import { type Answers, renderChildItemsPanel } from './test/render-child-items.tsx';
import { addReferences } from './tree-model.ts';

const GROUPS = {
  group: {
    __typename: 'Group',
    id: 'gid://gitlab/Group/1',
    fullPath: 'acme',
    fullName: 'Acme Corp',
    descendantGroups: {
      __typename: 'GroupConnection',
      nodes: [
        {
          __typename: 'Group',
          id: 'gid://gitlab/Group/2',
          fullPath: 'acme/platform',
          fullName: 'Acme Corp / Platform',
        },
      ],
    },
  },
};
const project = (n: number) => ({
  __typename: 'Project',
  id: `gid://gitlab/Project/${n}`,
  fullPath: `acme/p${n}`,
  nameWithNamespace: `Acme Corp / P${n}`,
});
const PROJECTS = {
  group: {
    __typename: 'Group',
    id: 'gid://gitlab/Group/1',
    projects: { __typename: 'ProjectConnection', nodes: [project(1), project(2)] },
  },
};

function renderPanel(answers: Answers, options: { confidential?: boolean } = {}) {
  return renderChildItemsPanel({
    childItems: () =>
      childItemsAnswer('1', { nodes: [] }, { nodes: [buildChildIssue({ title: 'Existing' })] }, options),
    groups: () => GROUPS,
    projects: () => PROJECTS,
    ...answers,
  });
}

/** The Add menu's trigger (the add form has an 'Add' button too). */
async function addMenu() {
  return (await screen.findAllByRole('button', { name: 'Add' }))[0] as HTMLElement;
}

async function openForm(item: string) {
  await userEvent.click(await addMenu());
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

beforeEach(() => {
  window.localStorage.clear();
  setCookie('_milepost_csrf', 'token');
});

describe('addReferences', () => {
  it.each([
    [[], 'a b', ['a', 'b']],
    [[], '  a \n\t b  ', ['a', 'b']],
    [['a'], 'a b a', ['a', 'b']],
    [['a'], '   ', ['a']],
  ])('adds %j + %j → %j', (pending, raw, expected) => {
    expect(addReferences(pending, raw)).toEqual(expected);
  });
});

describe('child item forms', { timeout: 20_000 }, () => {
  it('offers the Issue and Epic groups in the Add menu, one form at a time', async () => {
    renderPanel({});
    await userEvent.click(await addMenu());
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Add a new issue', 'Add an existing issue', 'Add an existing epic', 'Add a new epic']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Add an existing issue' }));
    expect(screen.getByRole('heading', { name: 'Add existing issue' })).toBeTruthy();
    await openForm('Add a new epic');
    expect(screen.getByRole('heading', { name: 'Create new epic' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Add existing issue' })).toBeNull();
  });

  it('collects references, adds them, and closes the form', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ issuables: [] }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    renderPanel({});
    await openForm('Add an existing issue');
    const add = within(screen.getByRole('form', { name: 'Add existing issue' })).getByRole('button', { name: 'Add' });
    expect(add.hasAttribute('disabled')).toBe(true);
    const input = screen.getByRole('textbox', { name: 'Paste issue links or references' });
    await userEvent.type(input, 'acme/web#1 acme/web#2 acme/web#1 ');
    const pending = screen.getByRole('list', { name: 'Pending issue references' });
    expect(
      within(pending)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['acme/web#1', 'acme/web#2']);
    expect(add.hasAttribute('disabled')).toBe(false);
    await userEvent.type(input, 'acme/web#3');
    await userEvent.click(add);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Add existing issue' })).toBeNull());
    expect(fetchMock).toHaveBeenCalledWith(
      '/groups/acme/-/epics/1/issues',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ issuable_references: ['acme/web#1', 'acme/web#2', 'acme/web#3'] }),
      }),
    );
  });

  it('suggests open issues for the words typed and adds the one picked', async () => {
    renderPanel({
      suggestions: (variables) => ({
        group: {
          __typename: 'Group',
          id: 'gid://gitlab/Group/1',
          issues: {
            __typename: 'IssueConnection',
            nodes:
              variables.search === 'mesh rollout'
                ? [
                    {
                      __typename: 'Issue',
                      id: 'gid://gitlab/Issue/9',
                      title: 'Mesh rollout plan',
                      reference: 'acme/web#9',
                    },
                  ]
                : [],
          },
        },
      }),
    });
    await openForm('Add an existing issue');
    // Words stay in the input (no chips) and are searched for.
    await userEvent.type(screen.getByRole('textbox', { name: 'Paste issue links or references' }), 'mesh rollout');
    const matches = await screen.findByRole('list', { name: 'Matching issues' }, { timeout: 3000 });
    await userEvent.click(within(matches).getByRole('button', { name: /Mesh rollout plan/ }));
    const pending = screen.getByRole('list', { name: 'Pending issue references' });
    expect(within(pending).getByText('acme/web#9')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Paste issue links or references' }) as HTMLInputElement).value).toBe(
      '',
    );
  });

  it.each([
    [404, { message: 'whatever' }, 'No matching epic found. Make sure that you are adding a valid epic URL.'],
    [409, { message: 'Epic hierarchy level too deep' }, 'This epic already has the maximum number of child epics.'],
    [422, { message: 'Cannot add an epic to itself.' }, 'Cannot add an epic to itself.'],
  ])('keeps the form open with the error of a %i', async (status, body, shown) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status })),
    );
    renderPanel({});
    await openForm('Add an existing epic');
    await userEvent.type(screen.getByRole('textbox', { name: 'Paste epic links or references' }), '&5');
    await userEvent.click(
      within(screen.getByRole('form', { name: 'Add existing epic' })).getByRole('button', { name: 'Add' }),
    );
    expect(await screen.findByText(shown)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Add existing epic' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Pending epic references' })).getByText('&5')).toBeTruthy();
  });

  it('creates a child epic with a trimmed title in the chosen group, and says when it fails', async () => {
    let fail = true;
    const calls = renderPanel({
      createEpic: () =>
        fail
          ? { createEpic: { __typename: 'CreateEpicPayload', epic: null, errors: [] } }
          : {
              createEpic: {
                __typename: 'CreateEpicPayload',
                epic: { __typename: 'Epic', id: 'gid://gitlab/Epic/9', iid: '9', webPath: '/groups/acme/-/epics/9' },
                errors: [],
              },
            },
    });
    await openForm('Add a new epic');
    const create = screen.getByRole('button', { name: 'Create epic' });
    expect(create.hasAttribute('disabled')).toBe(true);
    expect(screen.getByPlaceholderText('Search a group')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), '   ');
    expect(create.hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'New child  ');
    await userEvent.click(create);
    expect(await screen.findByText('Something went wrong while creating child epics.')).toBeTruthy();
    fail = false;
    await userEvent.click(create);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Create new epic' })).toBeNull());
    const mutation = calls.filter((c) => c.operationName === 'CreateChildEpicMutation').at(-1);
    expect(mutation?.variables).toEqual({
      input: { groupPath: 'acme', title: 'New child', parentId: 'gid://gitlab/Epic/1', confidential: false },
    });
  });

  it('creates an issue only once a project and a title are chosen, and remembers the project', async () => {
    rememberRecentProject({ id: 'gid://gitlab/Project/2', fullPath: 'acme/p2', nameWithNamespace: 'Acme Corp / P2' });
    const calls = renderPanel(
      {
        createIssue: () => ({
          createIssue: {
            __typename: 'CreateIssuePayload',
            issue: { __typename: 'Issue', id: 'gid://gitlab/Issue/9', iid: '9', webPath: '/acme/p1/-/issues/9' },
            errors: [],
          },
        }),
      },
      { confidential: true },
    );
    await openForm('Add a new issue');
    expect(screen.getByRole('heading', { name: 'Create new confidential issue' })).toBeTruthy();
    const create = screen.getByRole('button', { name: 'Create issue' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Write docs');
    expect(create.hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByPlaceholderText('Select a project'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Acme Corp / P2Recently used · acme/p2',
      'Acme Corp / P1acme/p1',
    ]);
    await userEvent.click(options[1] as HTMLElement);
    expect(create.hasAttribute('disabled')).toBe(false);
    await userEvent.click(create);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Create new confidential issue' })).toBeNull());
    expect(calls.find((c) => c.operationName === 'CreateChildIssueMutation')?.variables).toEqual({
      input: { projectPath: 'acme/p1', title: 'Write docs', epicId: 'gid://gitlab/Epic/1', confidential: true },
    });
    expect(JSON.parse(window.localStorage.getItem('milepost-epic-tree-recent-projects') ?? '[]')[0].fullPath).toBe(
      'acme/p1',
    );
  });

  it("says 'Something went wrong while creating issue.' when the create fails", async () => {
    renderPanel({
      createIssue: () => ({
        createIssue: { __typename: 'CreateIssuePayload', issue: null, errors: ['x'] },
      }),
    });
    await openForm('Add a new issue');
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Write docs');
    await userEvent.click(screen.getByPlaceholderText('Select a project'));
    await userEvent.click((await screen.findAllByRole('option'))[0] as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: 'Create issue' }));
    expect(await screen.findByText('Something went wrong while creating issue.')).toBeTruthy();
  });

  it("says 'Something went wrong while fetching projects.' when projects cannot load", async () => {
    renderPanel({ projects: () => new Error('down') });
    await openForm('Add a new issue');
    expect(await screen.findByText('Something went wrong while fetching projects.')).toBeTruthy();
  });
});
