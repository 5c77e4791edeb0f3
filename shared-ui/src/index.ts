// Apps type-check this package from source, so its asset module types must travel with it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./assets.d.ts" />
import './styles.css';

export { STATUS_MESSAGE_MS } from './constants';
export { Button } from './Button';
export type { ButtonProps, ButtonVariant } from './Button';
export { TextField, TextAreaField } from './TextField';
export type { TextFieldProps, TextAreaFieldProps } from './TextField';
export { Avatar, placeholderAvatar } from './Avatar';
export type { AvatarProps } from './Avatar';
export { MemberLabel } from './MemberLabel';
export type { MemberLabelProps } from './MemberLabel';
export { StatusMessage, useStatusMessage } from './StatusMessage';
export type { Status, StatusTone, StatusMessageProps } from './StatusMessage';
export { Spinner, ProgressBar } from './Spinner';
export type { SpinnerProps, ProgressBarProps } from './Spinner';
export { Menu } from './Menu';
export type { MenuItem, MenuProps } from './Menu';
export { EmptyState } from './EmptyState';
export { WaitingNote } from './WaitingNote';
export type { WaitingNoteProps } from './WaitingNote';
export { Tile } from './Tile';
export { Photo, placeholderPhoto } from './Photo';
export type { PhotoProps } from './Photo';
export type { TileProps } from './Tile';
export { useOnVisible } from './useOnVisible';
export { useObjectUrl } from './useObjectUrl';
export { RemoteParcel } from './remote/RemoteParcel';
export { RemoteRoutes } from './remote/RemoteRoutes';
export type { RemoteRoutesProps } from './remote/RemoteRoutes';
export type { RemoteParcelProps } from './remote/RemoteParcel';
export { createRemoteApp } from './remote/createRemoteApp';
export { withRetry, DEFAULT_REMOTE_RETRY } from './remote/retry';
export type { RetryOptions } from './remote/retry';
export { isLifecyclesModule, lifecyclesOf } from './remote/contract';
export type { RemoteAppProps, RemoteLifecycles, RemoteLifecyclesModule } from './remote/contract';
export { RelativeTime } from './time/RelativeTime';
export type { RelativeTimeProps } from './time/RelativeTime';
export { formatRelativeTime, formatFullTime } from './time/relativeTime';
export { NewestFirstList } from './NewestFirstList';
export { InfiniteList } from './InfiniteList';
export type { InfiniteListProps, InfiniteListText, PagedItems } from './InfiniteList';
export type { NewestFirstListProps } from './NewestFirstList';
export { LoadFailure } from './LoadFailure';
export type { LoadFailureProps } from './LoadFailure';
export { UserText, USER_LINK_REL } from './text/UserText';
export type { UserTextProps } from './text/UserText';
