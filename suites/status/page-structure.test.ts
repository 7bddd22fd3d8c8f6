// Structure the notes observe inside the documents: every page_id names the issuing page, and
// component groups and their members point at each other.
import { describe } from 'vitest';
import { COMPONENTS, STATUS_DOCUMENTS, SUMMARY, fetchStatusDocument, fetchTogether, isObject, listIn, objectsIn } from '../../src/checks/status-documents.ts';
import { ruleTest } from '../../src/harness/rule-test.ts';

describe.concurrent('all status documents', () => {
  ruleTest('name their own page in every page_id', ['ST-4.7-page-id-equality'], async (t) => {
    const docs = await fetchTogether(t, STATUS_DOCUMENTS);
    let checked = 0;
    for (const d of docs) {
      const pageId = isObject(d.body.page) ? d.body.page.id : undefined;
      for (const { object, where } of objectsIn(d).filter(({ object }) => 'page_id' in object)) {
        checked += 1;
        t.soft('ST-4.7-page-id-equality', object.page_id === pageId, `${where}.page_id is ${JSON.stringify(object.page_id)}, the page is ${JSON.stringify(pageId)}`, d.exchange);
      }
    }
    if (checked === 0) t.skip('no document carries a page_id');
    t.note(`${checked} page_id value(s) checked`);
  });
});

for (const doc of [COMPONENTS, SUMMARY]) {
  describe.concurrent(`GET ${doc.path}`, () => {
    ruleTest('lists component groups and their members symmetrically', ['ST-4.7-component-group-symmetry'], async (t) => {
      const fetched = await fetchStatusDocument(t, doc);
      const components = listIn(fetched, 'components');
      const byId = new Map(components.map((c) => [c.id, c]));
      const groups = components.filter((c) => c.group === true);
      // A page without groups and without group_ids has nothing symmetric to judge; a group_id alone must name a group.
      if (groups.length === 0 && !components.some((c) => typeof c.group_id === 'string')) {
        t.notEvaluated('ST-4.7-component-group-symmetry', `${doc.path} lists no component group and no component names one`);
        return;
      }
      const soft = (holds: boolean, detail: string) => t.soft('ST-4.7-component-group-symmetry', holds, detail, fetched.exchange);
      for (const g of groups) {
        soft(g.group_id === null, `group ${String(g.id)} has group_id ${JSON.stringify(g.group_id)}, expected null`);
        soft(Array.isArray(g.components), `group ${String(g.id)} has no components list`);
        for (const childId of Array.isArray(g.components) ? g.components : []) {
          const child = byId.get(childId);
          soft(child !== undefined && child.group_id === g.id, `group ${String(g.id)} lists ${String(childId)}, whose group_id is ${JSON.stringify(child?.group_id ?? '(not listed)')}`);
        }
      }
      for (const c of components.filter((c) => typeof c.group_id === 'string')) {
        const group = byId.get(c.group_id);
        soft(group?.group === true && Array.isArray(group.components) && group.components.includes(c.id),
          `${String(c.id)} names group ${String(c.group_id)}, which ${group ? 'does not list it' : 'is not listed'}`);
      }
      t.note(`${groups.length} group(s) among ${components.length} component(s)`);
    });
  });
}
