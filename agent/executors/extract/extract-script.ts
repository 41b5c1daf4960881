// The extraction itself (docs/actions.md "extract"): a schema of CSS / XPath fields read from a
// document into one JSON value. Plain JavaScript in a string, so the very same code runs in the
// page on the final DOM of a full-page job (page.evaluate: XPath included) and in Node on a
// linkedom document for plain GET jobs, without serialising compiled TypeScript into the page.
// It returns { value, errors }: a field whose selector matches nothing is null (a list: []), a
// selector that does not parse or an XPath the document cannot run is an error naming the field.

/** `(doc, spec, baseUrl) => { value, errors }`. */
export const EXTRACT_SOURCE = `function crawlExtract(doc, spec, baseUrl) {
  const errors = [];
  const MAX_ERRORS = 50;
  const note = (path, message) => { if (errors.length < MAX_ERRORS) errors.push(path + ': ' + message); };
  const find = (root, field, path, all) => {
    try {
      if (field.xpath !== undefined) {
        if (typeof doc.evaluate !== 'function') { note(path, 'xpath is not supported on this job (use a full-page job)'); return []; }
        const r = doc.evaluate(field.xpath, root, null, 7, null);
        const out = [];
        for (let i = 0; i < r.snapshotLength && (all || i < 1); i++) out.push(r.snapshotItem(i));
        return out;
      }
      if (field.selector === undefined) return [root];
      if (all) return Array.from(root.querySelectorAll(field.selector));
      const one = root.querySelector(field.selector);
      return one ? [one] : [];
    } catch (e) {
      note(path, 'bad ' + (field.xpath !== undefined ? 'xpath' : 'selector') + ': ' + String(e && e.message || e).slice(0, 200));
      return [];
    }
  };
  const transform = (v, field, path) => {
    if (v === null || v === undefined) return null;
    for (const t of field.transforms || []) {
      if (typeof v !== 'string') break;
      if (t === 'trim') v = v.replace(/\\s+/g, ' ').trim();
      else if (t === 'number') {
        const m = /-?\\d[\\d,]*(?:\\.\\d+)?|-?\\.\\d+/.exec(v);
        const n = m ? Number(m[0].replace(/,/g, '')) : NaN;
        if (!Number.isFinite(n)) { note(path, 'not a number: ' + JSON.stringify(v.slice(0, 50))); return null; }
        v = n;
      } else if (t === 'absolute_url') {
        try { v = new URL(v, baseUrl).href; } catch (e) { note(path, 'not a URL: ' + JSON.stringify(v.slice(0, 50))); return null; }
      }
    }
    return v;
  };
  const valueOf = (el, field, path) => {
    const type = field.type || 'text';
    if (type === 'nested' || (type === 'list' && field.fields)) return readFields(el, field.fields, path);
    let v;
    if (type === 'html') v = el.innerHTML !== undefined ? el.innerHTML : el.textContent;
    else if (type === 'attribute') v = el.getAttribute ? el.getAttribute(field.attribute) : null;
    else v = (el.textContent || '').trim();
    return transform(v, field, path);
  };
  const readField = (root, field, path) => {
    const type = field.type || 'text';
    if (type === 'list') return find(root, field, path, true).map((el, i) => valueOf(el, field, path + '[' + i + ']'));
    const [el] = find(root, field, path, false);
    return el ? valueOf(el, field, path) : null;
  };
  const readFields = (root, fields, path) => {
    const out = {};
    for (const f of fields) out[f.name] = readField(root, f, path ? path + '.' + f.name : f.name);
    return out;
  };
  let root = doc;
  if (spec.base_selector !== undefined) {
    const [el] = find(doc, { selector: spec.base_selector }, 'base_selector', false);
    if (!el) { note('base_selector', 'matches nothing'); return { value: null, errors }; }
    root = el;
  }
  return { value: readFields(root, spec.fields, ''), errors };
}`;
