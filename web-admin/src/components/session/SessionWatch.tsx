import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useLogout } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { renewSession, session } from '../../api';
import { rememberReturn } from './returnTo';
import { formatCountdown, sessionState, tokenTimes, type SessionState } from './sessionClock';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'input'] as const;

/**
 * Keeps an active admin signed in and warns an idle one: activity (clicks,
 * typing, scrolling) renews the session on the server; without activity a
 * dialog says when the session ends, with "Stay signed in"; at the end the
 * admin goes to the sign-in page, which brings them back here. Editors keep
 * their unsaved content in the browser as they go (drafts.ts: the course editor, and every other form through KeepUnsavedChanges).
 */
export function SessionWatch() {
  const logout = useLogout();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const hereRef = useRef(here);
  hereRef.current = here;
  const lastActivity = useRef(Date.now());
  const renewing = useRef(false);
  const ended = useRef(false);
  const [state, setState] = useState<SessionState>({ kind: 'ok' });

  useEffect(() => {
    const active = () => {
      lastActivity.current = Date.now();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, active, { capture: true, passive: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, active, { capture: true });
    };
  }, []);

  useEffect(() => {
    const renew = () => {
      if (renewing.current) return;
      renewing.current = true;
      // A failed renewal is retried on the next tick while time is left; a 401 means the server ended the session.
      renewSession()
        .catch(() => undefined)
        .finally(() => {
          renewing.current = false;
        });
    };
    const tick = () => {
      const token = tokenTimes(session.token());
      const timing = session.timing();
      if (!token || !timing || ended.current) return;
      const next = sessionState({
        now: Date.now(),
        token,
        lastActivity: lastActivity.current,
        absoluteEnd: Date.parse(timing.absoluteExpiresAt),
        idleTimeoutSeconds: timing.idleTimeoutSeconds,
        warningSeconds: timing.warningSeconds,
      });
      if (next.kind === 'renew') renew();
      if (next.kind === 'expired') {
        ended.current = true;
        rememberReturn(hereRef.current, next.reason);
        void logout();
      }
      setState((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [logout]);

  const open = state.kind === 'warn';
  const final = state.kind === 'warn' && state.final;
  return (
    <Dialog open={open} aria-labelledby="session-warning-title" aria-describedby="session-warning-text" slotProps={{ paper: { role: 'alertdialog' } }}>
      <DialogTitle id="session-warning-title">Your session is about to end</DialogTitle>
      <DialogContent>
        <DialogContentText id="session-warning-text">
          {final
            ? `You have reached the maximum session length. You will be signed out in ${formatCountdown(state.secondsLeft)}; save your work, then sign in again.`
            : state.kind === 'warn'
              ? `You will be signed out in ${formatCountdown(state.secondsLeft)} because of inactivity. Unsaved changes are kept in this browser and offered back after you sign in.`
              : ''}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            ended.current = true;
            void logout(undefined, undefined, false);
          }}
        >
          Sign out
        </Button>
        {!final && (
          <Button
            variant="contained"
            autoFocus
            onClick={() => {
              lastActivity.current = Date.now();
              void renewSession().then(() => setState({ kind: 'ok' }));
            }}
          >
            Stay signed in
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
