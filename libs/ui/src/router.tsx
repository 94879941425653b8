// The routing pieces the shell and the remotes use, from one shared module: the remotes render
// inside the shell's router, so there must be one copy of its context. Sharing this file (and not
// react-router-dom itself) lets the build keep only these exports of the library, and lets the
// shell put it in its first file. Apps import routing from here, never from react-router-dom.
export { BrowserRouter, Link, NavLink, Navigate, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
