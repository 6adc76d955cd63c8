/**
 * Download my data: one export_my_data call, then the JSON file and its readable HTML copy are saved from
 * what that call answered (the database gives one export in 10 minutes, so the two files never cost two
 * calls). The data module (and supabase-js) loads when the player presses the button, the HTML copy's writer when it is saved.
 */
import { useEffect, useState } from 'react';
import { $lang } from '@/stores/lang';
import { type ExportSummaryWords, exportSummaryWordsIn } from './my-data-words';
import { exportFileName, type MyDataExport } from './privacy';

type ExportState =
  | { status: 'idle' }
  | { status: 'preparing' }
  | { status: 'ready'; data: MyDataExport; summary: ExportSummaryWords }
  | { status: 'failed'; message: string };

function save(contents: string, type: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([contents], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; the address is released after it has read the file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useMyDataExport(productName: string, slug: string) {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  // The server-rendered button does nothing until the island runs: it stays disabled until then.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  function saveJson(data: MyDataExport) {
    save(`${JSON.stringify(data, null, 2)}\n`, 'application/json', exportFileName(slug, data.exported_at, 'json'));
  }
  async function saveHtml(data: MyDataExport) {
    const { exportHtml } = await import('./export-html');
    save(exportHtml(data, productName), 'text/html', exportFileName(slug, data.exported_at, 'html'));
  }

  async function prepare() {
    setState({ status: 'preparing' });
    try {
      const [data, summary] = await Promise.all([
        import('./privacy.api').then((calls) => calls.exportMyData()),
        exportSummaryWordsIn($lang.get()),
      ]);
      setState({ status: 'ready', data, summary });
      saveJson(data);
    } catch (error) {
      // The error table loads with a failure, not with the page; a Hindi page words the refusal from its hint.
      const { describeFailure } = await import('@/lib/describe-failure');
      setState({ status: 'failed', message: await describeFailure(error) });
    }
  }

  return { state, hydrated, prepare, saveJson, saveHtml };
}
