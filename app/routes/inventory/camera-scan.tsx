import { useEffect, useRef, useState } from "react";
import "~/locales/areas/inventory.ts";
import { useTranslation } from "~/utils/i18n.ts";

/** How often a frame is read. */
const FRAME_MS = 150;
/** A code kept in view is one scan; seen again after this long out of view, it is another. */
const SAME_CODE_MS = 2000;

/** Whether this browser can show the camera to the page (a secure page with media devices). */
function cameraPossible(): boolean {
  return (
    typeof window !== "undefined" &&
    window.isSecureContext &&
    typeof navigator.mediaDevices?.getUserMedia === "function"
  );
}

/**
 * "Scan with camera": reads Code 128 and QR codes from the camera (a
 * tablet's back camera first) and hands each number read to `onRead`, which
 * submits it as a hand scanner's keystrokes do. Shown only where the browser
 * can use a camera; the decoder is fetched when the camera is turned on.
 */
export function CameraScan({ onRead }: { onRead: (number: string) => void }) {
  const { t } = useTranslation();
  const [possible, setPossible] = useState(false);
  const [on, setOn] = useState(false);
  const [state, setState] = useState<"starting" | "reading" | "failed">("starting");
  const video = useRef<HTMLVideoElement>(null);
  const read = useRef(onRead);
  read.current = onRead;

  useEffect(() => setPossible(cameraPossible()), []);

  useEffect(() => {
    if (!on) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { number: "", at: 0 };
    const stop = () => {
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    setState("starting");
    (async () => {
      const [{ frameReader }, media] = await Promise.all([
        import("./camera-decoder.ts"),
        navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }),
      ]);
      stream = media;
      const element = video.current;
      if (stopped || !element) return stop();
      element.srcObject = media;
      await element.play();
      const readFrame = await frameReader();
      setState("reading");
      const tick = async () => {
        if (stopped) return;
        const number = await readFrame(element).catch(() => null);
        const now = Date.now();
        if (number) {
          if (number !== last.number || now - last.at > SAME_CODE_MS) read.current(number);
          last = { number, at: now };
        }
        timer = setTimeout(tick, FRAME_MS);
      };
      void tick();
    })().catch(() => {
      stop();
      if (!stopped) setState("failed");
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stop();
    };
  }, [on]);

  if (!possible) return null;
  return (
    <div className="basis-full">
      <button
        type="button"
        className="btn-secondary h-11"
        aria-expanded={on}
        onClick={() => setOn((value) => !value)}
        data-testid="camera-scan"
      >
        {on ? t("inventory.scan.camera.stop") : t("inventory.scan.camera.start")}
      </button>
      {on ? (
        <div className="mt-3 flex flex-col gap-2" data-testid="camera-panel">
          <p className="text-sm text-gray-600" aria-live="polite">
            {state === "failed"
              ? t("inventory.scan.camera.unavailable")
              : state === "starting"
                ? t("inventory.scan.camera.starting")
                : t("inventory.scan.camera.aim")}
          </p>
          <video
            ref={video}
            muted
            playsInline
            aria-label={t("inventory.scan.camera.video")}
            className="max-h-72 w-full max-w-md rounded-md bg-gray-900 object-contain"
          />
        </div>
      ) : null}
    </div>
  );
}
