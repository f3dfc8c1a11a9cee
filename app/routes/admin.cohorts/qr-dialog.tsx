import { Printer } from "lucide-react";

import { Dialog } from "~/components/dialog";
import { joinUrl } from "~/domain/classes/class";

import { CopyCodeButton } from "./copy-code-button";

/**
 * A class's join QR code, its join URL and code, ready to print or copy. The QR code is an SVG
 * drawn on the server (admin.cohorts.$id.qr.ts), so the QR library never reaches the browser.
 */
export function QrDialog({
  cohort: schoolClass,
  origin,
  onClose,
}: {
  cohort: { id: string; name: string; joinCode: string } | null;
  origin: string;
  onClose: () => void;
}) {
  const url = schoolClass ? joinUrl(origin, schoolClass.joinCode) : "";
  return (
    <Dialog open={schoolClass !== null} onClose={onClose} title="Join QR Code" description="Students scan this code, or open the link, to join the class.">
      {schoolClass ? (
        <div className="space-y-4">
          <div className="join-sheet flex flex-col items-center gap-2 rounded-lg border border-slate-200 p-4">
            {/* The code is in the src so a changed join code is never served from an old image. */}
            <img
              src={`/admin/cohorts/${encodeURIComponent(schoolClass.id)}/qr?code=${encodeURIComponent(schoolClass.joinCode)}`}
              alt={`QR code for joining ${schoolClass.name}`}
              width={256}
              height={256}
              className="size-64"
              data-testid="join-qr"
            />
            <p className="text-lg font-semibold text-slate-900">{schoolClass.name}</p>
            <p className="font-mono text-2xl tracking-widest text-slate-900" data-testid="join-code">
              {schoolClass.joinCode}
            </p>
          </div>
          <div className="join-sheet-screen-only space-y-4">
            <div>
              <p className="label">Join link</p>
              <p className="mt-1 rounded-md bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900" data-testid="join-url">
                {url}
              </p>
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <CopyCodeButton code={schoolClass.joinCode} />
              <button type="button" className="btn-primary" onClick={() => window.print()}>
                <Printer aria-hidden="true" className="size-4" /> Print
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
