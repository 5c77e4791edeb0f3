import React, { useEffect } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { ComponentType } from 'react';
import type { AppProps } from 'single-spa';
import type { RemoteAppProps, RemoteLifecycles } from './contract';

function ReportError({ error, onError }: { error: Error; onError?: (error: Error) => void }) {
  useEffect(() => {
    if (onError) onError(error);
    else console.error(error);
  }, [error, onError]);
  return null;
}

/**
 * Wraps a remote's root component in single-spa-react lifecycles (bootstrap, mount, unmount,
 * update). A render error is reported to the host through `onError` instead of blanking the page.
 */
export function createRemoteApp<Props extends RemoteAppProps>(
  rootComponent: ComponentType<Props & AppProps>,
): RemoteLifecycles<Props> {
  return singleSpaReact<Props>({
    React,
    ReactDOMClient,
    rootComponent,
    errorBoundary: (error, _info, props) => <ReportError error={error} onError={props.onError} />,
  });
}
