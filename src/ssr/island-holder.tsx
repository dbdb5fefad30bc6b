/**
 * The survey screen's form when the page came with the server's render of it (issue 60): the
 * hydrated form is adopted where the app would have rendered its own, or, when the screen needs
 * what the hydrated form was not set up for, the app's own form starts from its values.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { SurveyForm, type SurveyFormProps } from '../form/survey-form';
import { adoptIsland, carriedValues, discardIsland, forgetCarried, islandFor, type Island } from './handoff';

/**
 * Whether the hydrated form can become this one: it was set up with the config alone, in the
 * resident's mode (for /calendar, with its reservation step first); an answer reopened with the
 * server's refusal, an answer being changed or the office's mode set up their own form.
 */
const adoptable = (props: SurveyFormProps<unknown>): boolean =>
  !props.initialIssues && !props.readOnly && (props.mode ?? 'user') === 'user' && !props.initialNotice && !props.initialRefusalCode && !props.orderFixed && !props.changedFrom;

function IslandHolder<R>({ island, props }: { island: Island; props: SurveyFormProps<R> }) {
  const holder = useRef<HTMLDivElement>(null);
  const mounted = useRef(false);
  useLayoutEffect(() => {
    mounted.current = true;
    if (holder.current) adoptIsland(island, holder.current);
    return () => {
      mounted.current = false;
      // After this commit, and only if the holder did not come straight back (StrictMode's rehearsal).
      queueMicrotask(() => {
        if (!mounted.current) island.unmount();
      });
    };
  }, [island]);
  // The app's callbacks change with its state: the hydrated form always has the current ones.
  useLayoutEffect(() => island.setProps(props));
  return <div ref={holder} />;
}

export function SurveyFormOrIsland<R>(props: SurveyFormProps<R>) {
  const { surveyId, version } = props.config;
  const [island] = useState(() => {
    const found = islandFor(surveyId, version, props.reservationFirst === true);
    return found && adoptable(props as SurveyFormProps<unknown>) ? found : null;
  });
  if (!island) discardIsland();
  const carried = island ? null : carriedValues(surveyId);
  useEffect(() => forgetCarried(), []);
  if (island) return <IslandHolder island={island} props={props} />;
  return <SurveyForm {...props} initialValues={carried ? { ...props.initialValues, ...carried } : props.initialValues} />;
}
